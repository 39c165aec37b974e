# Strict warnings for the project's own targets; generated sources (Flex, Bison) relax them file by file.
function(fleng_set_warnings target)
  target_compile_options(${target} PRIVATE
    -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion -Wnon-virtual-dtor
    -Wold-style-cast -Woverloaded-virtual -Wdouble-promotion -Wformat=2
    -Wimplicit-fallthrough)
  if(FLENG_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
