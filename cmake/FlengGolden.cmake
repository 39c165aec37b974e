# Golden-file tests of the `fleng` command, registered from the files present at configure time:
#   tests/golden/fmt/NAME.fl      `fleng fmt` must print NAME.expected, and that output must be
#                                 canonical itself (formatting is a fixed point)
#   tests/golden/errors/NAME.fl   `fleng check` must exit 1 and print NAME.err on stderr
#   examples/**.fl, lib/**.fl     must already be in canonical layout (`fleng fmt --check`)
#   tests/golden/analyze/NAME.expected  `fleng analyze examples/NAME.fl` prints it, canonical
#   tests/golden/sim/NAME.cmd     the same on the simulated machine, for every IU count in
#                                 1 2 3 4 16 64, static on and off, thresholds 1 and 128: the
#                                 same NAME.out each time (one semantics on every machine)
#   tests/golden/run/NAME.cmd     the arguments of `fleng run` (one line); the run must print
#                                 NAME.out on stdout, NAME.err on stderr (empty if absent) and
#                                 exit with NAME.status (0 if absent)
# FLENG_UPDATE_GOLDEN=1 in the environment rewrites the expected files instead of comparing.
function(fleng_golden_tests)
  set(runner ${PROJECT_SOURCE_DIR}/cmake/run_golden.cmake)
  file(GLOB fmt_cases CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tests/golden/fmt/*.fl)
  foreach(input ${fmt_cases})
    get_filename_component(name ${input} NAME_WE)
    file(RELATIVE_PATH rel ${PROJECT_SOURCE_DIR} ${input})
    add_test(NAME golden.fmt.${name}
      COMMAND ${CMAKE_COMMAND} -DFLENG=$<TARGET_FILE:fleng> -DMODE=fmt -DINPUT=${rel}
              -DEXPECTED=tests/golden/fmt/${name}.expected -P ${runner}
      WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
    set_tests_properties(golden.fmt.${name} PROPERTIES LABELS golden)
  endforeach()

  file(GLOB error_cases CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tests/golden/errors/*.fl)
  foreach(input ${error_cases})
    get_filename_component(name ${input} NAME_WE)
    file(RELATIVE_PATH rel ${PROJECT_SOURCE_DIR} ${input})
    add_test(NAME golden.errors.${name}
      COMMAND ${CMAKE_COMMAND} -DFLENG=$<TARGET_FILE:fleng> -DMODE=errors -DINPUT=${rel}
              -DEXPECTED=tests/golden/errors/${name}.err -P ${runner}
      WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
    set_tests_properties(golden.errors.${name} PROPERTIES LABELS golden)
  endforeach()

  file(GLOB run_cases CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tests/golden/run/*.cmd)
  foreach(input ${run_cases})
    get_filename_component(name ${input} NAME_WE)
    add_test(NAME golden.run.${name}
      COMMAND ${CMAKE_COMMAND} -DFLENG=$<TARGET_FILE:fleng> -DMODE=run
              -DCASE=tests/golden/run/${name} -P ${runner}
      WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
    file(READ ${input} run_args)
    if(run_args MATCHES "--engine local")
      set_tests_properties(golden.run.${name} PROPERTIES LABELS golden)
    else()
      set_tests_properties(golden.run.${name} PROPERTIES LABELS "golden;sim")  # fibers
    endif()
  endforeach()

  file(GLOB analyze_cases CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tests/golden/analyze/*.expected)
  foreach(expected ${analyze_cases})
    get_filename_component(name ${expected} NAME_WE)
    add_test(NAME golden.analyze.${name}
      COMMAND ${CMAKE_COMMAND} -DFLENG=$<TARGET_FILE:fleng> -DMODE=analyze
              -DINPUT=examples/${name}.fl -DEXPECTED=tests/golden/analyze/${name}.expected
              -P ${runner}
      WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
    set_tests_properties(golden.analyze.${name} PROPERTIES LABELS golden)
  endforeach()

  file(GLOB sim_cases CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tests/golden/sim/*.cmd)
  foreach(input ${sim_cases})
    get_filename_component(name ${input} NAME_WE)
    add_test(NAME golden.sim.${name}
      COMMAND ${CMAKE_COMMAND} -DFLENG=$<TARGET_FILE:fleng> -DMODE=sim
              -DCASE=tests/golden/sim/${name} -P ${runner}
      WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
    set_tests_properties(golden.sim.${name} PROPERTIES LABELS "golden;sim")
  endforeach()

  file(GLOB_RECURSE sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/examples/*.fl
       ${PROJECT_SOURCE_DIR}/lib/*.fl)
  foreach(input ${sources})
    file(RELATIVE_PATH rel ${PROJECT_SOURCE_DIR} ${input})
    string(REPLACE "/" "." test_name ${rel})
    add_test(NAME golden.canonical.${test_name}
      COMMAND ${CMAKE_COMMAND} -DFLENG=$<TARGET_FILE:fleng> -DMODE=canonical -DINPUT=${rel}
              -P ${runner}
      WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
    set_tests_properties(golden.canonical.${test_name} PROPERTIES LABELS golden)
  endforeach()
endfunction()
