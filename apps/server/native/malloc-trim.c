/*
 * malloc_trim(0) for Node (ADR 0059): glibc's malloc keeps freed memory inside its arenas and hands
 * back only what sits at the top of one; this asks it to return every free page to the system. And
 * mallopt's two thresholds, raised once the server runs (ADR 0060).
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

/*
 * tune(trimThreshold, mmapThreshold): mallopt's M_TRIM_THRESHOLD and M_MMAP_THRESHOLD, in bytes
 * (ADR 0060). True when glibc took both.
 */
static napi_value Tune(napi_env env, napi_callback_info info) {
  size_t argc = 2;
  napi_value argv[2];
  int64_t trim = -1, mmap = -1;
  napi_value ok;
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 2 ||
      napi_get_value_int64(env, argv[0], &trim) != napi_ok || napi_get_value_int64(env, argv[1], &mmap) != napi_ok ||
      trim <= 0 || mmap <= 0 || trim > 0x7fffffff || mmap > 0x7fffffff) {
    napi_get_boolean(env, false, &ok);
    return ok;
  }
  /* The mmap threshold first: an older glibc refuses large ones, and then neither is changed. */
  int done = mallopt(M_MMAP_THRESHOLD, (int)mmap) == 1 && mallopt(M_TRIM_THRESHOLD, (int)trim) == 1;
  napi_get_boolean(env, done, &ok);
  return ok;
}

/*
 * mapped(): bytes malloc holds in blocks mapped on their own (mallinfo's hblkhd, a count global to
 * every arena), for the test that checks the serving thresholds took.
 */
static napi_value Mapped(napi_env env, napi_callback_info info) {
  (void)info;
  napi_value bytes;
#if __GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33)
  struct mallinfo2 stats = mallinfo2();
  napi_create_double(env, (double)stats.hblkhd, &bytes);
#else
  struct mallinfo stats = mallinfo(); /* an int: wraps past 2 GiB, far above what the test maps */
  napi_create_double(env, (double)(unsigned int)stats.hblkhd, &bytes);
#endif
  return bytes;
}

NAPI_MODULE_INIT() {
  napi_value fn;
  if (napi_create_function(env, "trim", NAPI_AUTO_LENGTH, Trim, NULL, &fn) != napi_ok) return NULL;
  if (napi_set_named_property(env, exports, "trim", fn) != napi_ok) return NULL;
  if (napi_create_function(env, "tune", NAPI_AUTO_LENGTH, Tune, NULL, &fn) != napi_ok) return NULL;
  if (napi_set_named_property(env, exports, "tune", fn) != napi_ok) return NULL;
  if (napi_create_function(env, "mapped", NAPI_AUTO_LENGTH, Mapped, NULL, &fn) != napi_ok) return NULL;
  if (napi_set_named_property(env, exports, "mapped", fn) != napi_ok) return NULL;
  return exports;
}
