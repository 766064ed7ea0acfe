/* The WebAssembly build's own units (wasm_spec.c, wasm_api.c): the browser's engine. */
#ifndef RS_WASM_H
#define RS_WASM_H
#include "core.h"
/* A Variant from the flattened tables (see wasm_spec.c); 0, or -1 and a message in err. */
int wasm_spec_read(Variant *v, const int32_t *stream, int n, char *err, size_t errlen);
#endif
