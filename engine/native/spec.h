/* spec.c: a Variant read from the dict engine/core.py builds (NULL with an exception). */
#ifndef RS_SPEC_H
#define RS_SPEC_H
#include <Python.h>
#include "core.h"
Variant *spec_read(PyObject *spec, PyObject *unsupported_error);
#endif
