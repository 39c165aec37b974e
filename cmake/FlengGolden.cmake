# Golden-file tests of the `fleng` command, registered from the files present at configure time:
#   tests/golden/fmt/NAME.fl      `fleng fmt` must print NAME.expected, and that output must be
#                                 canonical itself (formatting is a fixed point)
#   tests/golden/errors/NAME.fl   `fleng check` must exit 1 and print NAME.err on stderr
#   examples/**.fl, lib/**.fl     must already be in canonical layout (`fleng fmt --check`)
#   tests/golden/analyze/NAME.expected  `fleng analyze examples/NAME.fl` prints it, canonical
#   tests/golden/sim/NAME.cmd     the same on the simulated machine, for every IU count in
#                                 1 2 3 4 16 64, static on and off, thresholds 1 and 128: the
#                                 same NAME.out each time (one semantics on every machine);
#                                 and on the threads engine with 1, 2, 4 workers and 1, 4, 64
#                                 IUs (golden.threads.NAME), and under mpirun on the mpi engine
#                                 with 1 to 4 ranks (golden.mpi.NAME, label mpi)
#   tests/golden/lint/NAME.fl     `fleng check NAME.fl` must print NAME.err on stderr and exit
#                                 with NAME.status (0 if absent); files it includes live in
#                                 subdirectories, which are not cases themselves
#   tests/golden/run/NAME.cmd     the arguments of `fleng run` (one line); the run must print
#                                 NAME.out on stdout, NAME.err on stderr (empty if absent) and
#                                 exit with NAME.status (0 if absent); a case of the local
#                                 engine also runs compiled by `fleng build` (golden.compiled.NAME,
#                                 label native), as sim cases do (golden.compiled.sim_NAME);
#                                 a few also with run --compiled (golden.run_compiled.NAME)
#   tests/golden/repl/NAME.in     a REPL session: piped to `fleng repl` (with the arguments in
#                                 NAME.cmd, one line, if present), run from the repository root;
#                                 it must print NAME.out (stdout and stderr) and exit with
#                                 NAME.status (0 if absent)
# FLENG_UPDATE_GOLDEN=1 in the environment rewrites the expected files instead of comparing.
# One golden test: the runner script in MODE with the given -D arguments, run from the
# repository root, with the given labels.
function(fleng_golden_test name labels)
  add_test(NAME ${name}
    COMMAND ${CMAKE_COMMAND} -DFLENG=$<TARGET_FILE:fleng> ${ARGN}
            -P ${PROJECT_SOURCE_DIR}/cmake/run_golden.cmake
    WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(${name} PROPERTIES LABELS "${labels}")
endfunction()

function(fleng_golden_tests)
  set(golden ${PROJECT_SOURCE_DIR}/tests/golden)
  file(GLOB fmt_cases CONFIGURE_DEPENDS ${golden}/fmt/*.fl)
  foreach(input ${fmt_cases})
    get_filename_component(name ${input} NAME_WE)
    fleng_golden_test(golden.fmt.${name} golden -DMODE=fmt -DINPUT=tests/golden/fmt/${name}.fl
                      -DEXPECTED=tests/golden/fmt/${name}.expected)
  endforeach()

  file(GLOB error_cases CONFIGURE_DEPENDS ${golden}/errors/*.fl)
  foreach(input ${error_cases})
    get_filename_component(name ${input} NAME_WE)
    fleng_golden_test(golden.errors.${name} golden -DMODE=errors
                      -DINPUT=tests/golden/errors/${name}.fl
                      -DEXPECTED=tests/golden/errors/${name}.err)
  endforeach()

  file(GLOB lint_cases CONFIGURE_DEPENDS ${golden}/lint/*.fl)
  foreach(input ${lint_cases})
    get_filename_component(name ${input} NAME_WE)
    fleng_golden_test(golden.lint.${name} golden -DMODE=lint -DCASE=tests/golden/lint/${name})
  endforeach()

  file(GLOB run_cases CONFIGURE_DEPENDS ${golden}/run/*.cmd)
  foreach(input ${run_cases})
    get_filename_component(name ${input} NAME_WE)
    file(READ ${input} run_args)
    # Label sim: the case runs on the simulated machine (fibers) or the threads engine, i.e. it
    # names one of them, or (without --engine) gives an option only they understand
    # (app/engine_choice.hpp); without either it runs on the local engine.
    set(labels golden)
    if(run_args MATCHES "--engine[ =](sim|threads)")
      set(labels "golden;sim")
    elseif(NOT run_args MATCHES "--engine"
           AND run_args MATCHES "--(ius|static|threshold|machine|set|trace|workers)[ =]")
      set(labels "golden;sim")
    endif()
    fleng_golden_test(golden.run.${name} "${labels}" -DMODE=run -DCASE=tests/golden/run/${name})
    # The local engine's cases again, compiled to native code (fleng build).
    if(labels STREQUAL "golden" AND NOT run_args MATCHES "--engine[ =]mpi")
      fleng_golden_test(golden.compiled.${name} "golden;native" -DMODE=compiled
                        -DCASE=tests/golden/run/${name} -DCACHE_DIR=${CMAKE_BINARY_DIR}/compiled-cases)
    endif()
  endforeach()
  # Some of them through `fleng run --compiled` (the program compiled into the run's process):
  # answers, errors and deadlocks as interpreted.
  foreach(name fib tak primes_100 queens_6 hanoi decision_tree err_no_matching_clause
               err_division_by_zero err_unification_failed suspended_builtin_error_location deadlock
               random_call)
    fleng_golden_test(golden.run_compiled.${name} "golden;native" -DMODE=run
                      -DCASE=tests/golden/run/${name} -DEXTRA_ARGS=--compiled)
    set_tests_properties(golden.run_compiled.${name} PROPERTIES
                         ENVIRONMENT FLENG_NATIVE_CACHE=${CMAKE_BINARY_DIR}/native-cache)
  endforeach()
  add_test(NAME native.run_compiled_cache
    COMMAND ${CMAKE_COMMAND} -DFLENG=$<TARGET_FILE:fleng> -DWORK=${CMAKE_BINARY_DIR}/native-cache-test
            -P ${PROJECT_SOURCE_DIR}/cmake/run_compiled_cache.cmake
    WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(native.run_compiled_cache PROPERTIES LABELS native)
  # The counters of --stats (kept by count site in native code) as interpreted.
  add_test(NAME native.counters_match
    COMMAND ${CMAKE_COMMAND} -DFLENG=$<TARGET_FILE:fleng> -DCASES=tests/native/counters_cases.txt
            -DCACHE=${CMAKE_BINARY_DIR}/native-cache
            -P ${PROJECT_SOURCE_DIR}/cmake/native_counters_match.cmake
    WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(native.counters_match PROPERTIES LABELS native)

  file(GLOB repl_cases CONFIGURE_DEPENDS ${golden}/repl/*.in)
  foreach(input ${repl_cases})
    get_filename_component(name ${input} NAME_WE)
    fleng_golden_test(golden.repl.${name} golden -DMODE=repl -DCASE=tests/golden/repl/${name})
  endforeach()
  # fleng repl --compiled compiles into the build's cache of compiled programs.
  set_tests_properties(golden.repl.compiled PROPERTIES LABELS "golden;native"
                       ENVIRONMENT FLENG_NATIVE_CACHE=${CMAKE_BINARY_DIR}/native-cache)

  file(GLOB analyze_cases CONFIGURE_DEPENDS ${golden}/analyze/*.expected)
  foreach(expected ${analyze_cases})
    get_filename_component(name ${expected} NAME_WE)
    fleng_golden_test(golden.analyze.${name} golden -DMODE=analyze -DINPUT=examples/${name}.fl
                      -DEXPECTED=tests/golden/analyze/${name}.expected)
  endforeach()

  file(GLOB sim_cases CONFIGURE_DEPENDS ${golden}/sim/*.cmd)
  foreach(input ${sim_cases})
    get_filename_component(name ${input} NAME_WE)
    fleng_golden_test(golden.sim.${name} "golden;sim" -DMODE=sim -DCASE=tests/golden/sim/${name})
    fleng_golden_test(golden.compiled.sim_${name} "golden;native" -DMODE=compiled
                      -DCASE=tests/golden/sim/${name} -DCACHE_DIR=${CMAKE_BINARY_DIR}/compiled-cases)
    fleng_golden_test(golden.threads.${name} "golden;threads" -DMODE=threads
                      -DCASE=tests/golden/sim/${name})
    fleng_golden_test(golden.mpi.${name} "golden;mpi" -DMODE=mpi -DMPIRUN=${MPIEXEC_EXECUTABLE}
                      -DMPIRUN_WRAPPER=${PROJECT_SOURCE_DIR}/tests/support/mpirun_own_session.sh
                      -DCASE=tests/golden/sim/${name})
  endforeach()

  file(GLOB_RECURSE sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/examples/*.fl
       ${PROJECT_SOURCE_DIR}/lib/*.fl)
  foreach(input ${sources})
    file(RELATIVE_PATH rel ${PROJECT_SOURCE_DIR} ${input})
    string(REPLACE "/" "." test_name ${rel})
    fleng_golden_test(golden.canonical.${test_name} golden -DMODE=canonical -DINPUT=${rel})
  endforeach()
endfunction()
