# FLENG_SANITIZE="address,undefined" or "thread": applied to every target of the build, so the
# tests run instrumented. The presets asan-ubsan and tsan set it.
if(FLENG_SANITIZE)
  add_compile_options(-fsanitize=${FLENG_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=${FLENG_SANITIZE})
endif()
