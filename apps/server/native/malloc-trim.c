/*
 * malloc_trim(0) for Node (ADR 0059): glibc's malloc keeps freed memory inside its arenas and hands
 * back only what sits at the top of one; this asks it to return every free page to the system.
 * Built by scripts/build-native.mjs where a C compiler, Node's headers and glibc are present; the
 * server runs without it elsewhere (lib/malloc-trim.ts).
 */
#include <malloc.h>
#include <node_api.h>

static napi_value Trim(napi_env env, napi_callback_info info) {
  (void)info;
  napi_value released;
  napi_get_boolean(env, malloc_trim(0) == 1, &released);
  return released;
}

NAPI_MODULE_INIT() {
  napi_value fn;
  if (napi_create_function(env, "trim", NAPI_AUTO_LENGTH, Trim, NULL, &fn) != napi_ok) return NULL;
  if (napi_set_named_property(env, exports, "trim", fn) != napi_ok) return NULL;
  return exports;
}
