# `fleng run --compiled` and its cache of compiled programs (native/native_loader.hpp), run as a
# user would: the first run compiles into the cache (FLENG_NATIVE_CACHE), the next takes the
# object from it without a compiler; no compiler is a clear error; a program that does not
# load gives run's located errors and leaves nothing in the cache.
#   cmake -DFLENG=... -DWORK=<a folder to use as the cache> -P run_compiled_cache.cmake
file(REMOVE_RECURSE ${WORK})

function(fleng_compiled cxx file)
  set(env FLENG_NATIVE_CACHE=${WORK})
  if(NOT cxx STREQUAL "")
    list(APPEND env CXX=${cxx})
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -E env ${env} ${FLENG} run --compiled ${file} ${ARGN}
                  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(status "${status}" PARENT_SCOPE)
  set(out "${out}" PARENT_SCOPE)
  set(err "${err}" PARENT_SCOPE)
endfunction()

function(expect what condition)
  if(NOT ${condition})
    message(FATAL_ERROR "${what}\n--- status ${status}\n--- stdout\n${out}\n--- stderr\n${err}")
  endif()
endfunction()

# The last run printed fib(20) and nothing else, with status 0.
function(expect_fib_20 what)
  set(ok FALSE)
  if(status EQUAL 0 AND out STREQUAL "6765\n" AND err STREQUAL "")
    set(ok TRUE)
  endif()
  expect("${what}" ok)
endfunction()

# The cache holds `expected` compiled programs.
function(expect_objects expected what)
  file(GLOB objects ${WORK}/*.so)
  list(LENGTH objects count)
  if(NOT count EQUAL expected)
    message(FATAL_ERROR "${what}: ${objects}")
  endif()
endfunction()

# No compiler and nothing in the cache: what to install, exit status 1, nothing run.
fleng_compiled(/nonexistent/c++ examples/fib.fl)
set(ok FALSE)
if(status EQUAL 1 AND out STREQUAL "" AND err MATCHES "no C\\+\\+ compiler: /nonexistent/c\\+\\+ is not installed \\(install g\\+\\+")
  set(ok TRUE)
endif()
expect("--compiled without a compiler must say what to install and exit with 1" ok)

# The first run compiles: the answer of fleng run, one object in the cache.
fleng_compiled("" examples/fib.fl -g "run(20)")
expect_fib_20("the first --compiled run must print 6765")
expect_objects(1 "the cache must hold one compiled program")

# The next run takes it from the cache: no compiler needed.
fleng_compiled(/nonexistent/c++ examples/fib.fl -g "run(20)")
expect_fib_20("a --compiled run of a cached program must not need the compiler")

# A program that does not load: run's located error, status 1, nothing compiled.
fleng_compiled("" tests/golden/run/programs/syntax_error.fl)
set(ok FALSE)
if(status EQUAL 1 AND err MATCHES "syntax_error.fl:6:13: error: unexpected atom 'b'")
  set(ok TRUE)
endif()
expect("--compiled of a program with a syntax error must report it as fleng run does" ok)
expect_objects(1 "a program that does not load must not add to the cache")

# Another engine interprets, and says so.
fleng_compiled("" examples/fib.fl -g "run(20)" --engine threads --workers 1)
set(ok FALSE)
if(status EQUAL 0 AND out STREQUAL "6765\n" AND err MATCHES "--compiled is for the local engine")
  set(ok TRUE)
endif()
expect("--compiled on the threads engine must interpret and say so" ok)

# A compiler that fails: its failure reported, status 1, nothing added to the cache.
fleng_compiled(/bin/false tests/golden/run/programs/deadlock.fl)
set(ok FALSE)
if(status EQUAL 1 AND err MATCHES "the C\\+\\+ compiler /bin/false failed" AND
   err MATCHES "could not be compiled to native code")
  set(ok TRUE)
endif()
expect("--compiled with a compiler that fails must say so and exit with 1" ok)
expect_objects(1 "a failed compile must not add to the cache")
