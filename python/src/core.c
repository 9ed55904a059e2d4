/* python/src/core.c: the module bitboard._core, made of its files' parts.
 *
 * To add a file: give it `PyMethodDef core_NAME_methods[]` (ending with
 * {NULL, NULL, 0, NULL}) and, when it has types or tables to set up,
 * `int core_NAME_init(PyObject *m)`; declare both in core.h and add one row
 * to `parts` below (setup.py compiles every .c file in src/). */
#define CORE_IMPORT_ARRAY /* this file calls import_array() for all of them */
#include "core.h"

static const struct {
    PyMethodDef *methods;
    int (*init)(PyObject *m); /* or NULL */
} parts[] = {
    {core_boards_methods, NULL},
    {core_planes_methods, core_planes_init},
    {core_othello_methods, core_othello_init},
    {core_chess_methods, core_chess_init},
    {core_chess_pgn_methods, core_chess_pgn_init},
    {core_chess_arrays_methods, core_chess_arrays_init},
};

int core_add_type(PyObject *m, const char *name, PyTypeObject *t)
{
    if (PyType_Ready(t) < 0) return -1;
    Py_INCREF(t);
    if (PyModule_AddObject(m, name, (PyObject *)t) < 0) {
        Py_DECREF(t);
        return -1;
    }
    return 0;
}

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT, "bitboard._core",
    "The C extension behind bitboard (use the bitboard package, not this module).", -1, NULL,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__core(void)
{
    import_array();
    PyObject *m = PyModule_Create(&core_module);
    if (!m) return NULL;
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
        if (PyModule_AddFunctions(m, parts[i].methods) < 0 || (parts[i].init && parts[i].init(m) < 0)) {
            Py_DECREF(m);
            return NULL;
        }
    if (PyModule_AddStringConstant(m, "VERSION", BB_VERSION_STRING) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
