# native.counters_match: native code keeps its counts by count site (native/cpp_emitter.cpp),
# and folds them into the IU's counters where they are read; each run of CASES (one `fleng run`
# command line per line) gives the same output, status and counters (reductions, builtin calls,
# goals spawned, suspensions, activations of --stats=json) interpreted and with --compiled,
# errors and deadlocks included.
#   cmake -DFLENG=... -DCASES=<file> -DCACHE=<folder> -P native_counters_match.cmake
file(STRINGS ${CASES} lines)
set(checked 0)
foreach(line ${lines})
  if(line STREQUAL "" OR line MATCHES "^#")
    continue()
  endif()
  separate_arguments(arguments UNIX_COMMAND "${line}")
  foreach(mode interpreted compiled)
    set(extra "")
    if(mode STREQUAL "compiled")
      set(extra --compiled)
    endif()
    execute_process(COMMAND ${CMAKE_COMMAND} -E env FLENG_NATIVE_CACHE=${CACHE}
                            ${FLENG} run ${extra} ${arguments} --stats=json
                    RESULT_VARIABLE status_${mode} OUTPUT_VARIABLE out_${mode} ERROR_VARIABLE err_${mode})
    # The statistics are the last line of the output; the program's output is before it.
    string(REGEX MATCH "[^\n]*\n?$" json_${mode} "${out_${mode}}")
    string(LENGTH "${out_${mode}}" all)
    string(LENGTH "${json_${mode}}" tail)
    math(EXPR head "${all} - ${tail}")
    string(SUBSTRING "${out_${mode}}" 0 ${head} program_out_${mode})
    string(JSON engine ERROR_VARIABLE bad GET "${json_${mode}}" engine)
    if(bad)
      message(FATAL_ERROR "fleng run ${extra} ${line}: no statistics line (${bad})\n--- stdout\n${out_${mode}}\n--- stderr\n${err_${mode}}")
    endif()
  endforeach()
  set(what "fleng run ${line}, interpreted and --compiled")
  if(NOT status_interpreted EQUAL status_compiled)
    message(FATAL_ERROR "${what}: exit status ${status_interpreted} and ${status_compiled}\n${err_compiled}")
  endif()
  if(NOT program_out_interpreted STREQUAL program_out_compiled)
    message(FATAL_ERROR "${what}: output differs\n--- interpreted\n${program_out_interpreted}\n--- compiled\n${program_out_compiled}")
  endif()
  foreach(key reductions builtin_calls goals_spawned suspensions activations)
    string(JSON a GET "${json_interpreted}" ${key})
    string(JSON b GET "${json_compiled}" ${key})
    if(NOT a EQUAL b)
      message(FATAL_ERROR "${what}: ${key} ${a} interpreted, ${b} compiled\n--- interpreted\n${json_interpreted}\n--- compiled\n${json_compiled}")
    endif()
  endforeach()
  math(EXPR checked "${checked} + 1")
endforeach()
message(STATUS "${checked} runs: the same counters interpreted and compiled")
