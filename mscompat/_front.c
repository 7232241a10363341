/* The repeated call of an ms.jit function, in C: mscompat/_graph.py's generated Python call
 * (_make_fast) does the same work and is what runs where this module was not built.
 *
 * A Function is what `ms.jit` returns for a plain function where this module was built: a
 * callable with the function's attributes (`functools.update_wrapper`), bound as a method like a
 * function. Called, it hands a call with positional inputs only to its `front` (the repeated
 * call, once there is one), every other call to `call` (the full call, in Python); so a
 * repeated call runs no Python frame at all.
 *
 * A Front object is made for one compiled program and one input signature. Called with the
 * function's inputs, it checks that nothing asks for the full call (another number of inputs,
 * keyword arguments, a transform or a parallel mode in progress, an input that is not a plain
 * Tensor), reads the Parameters' stored arrays and the inputs' arrays, runs the program's C++
 * dispatcher on them, writes back the Parameters the program writes, and returns the output as
 * a new Tensor. Every call it cannot take goes, unchanged, to the Python call it was made from
 * (`fallback`); a TypeError from the dispatcher (another signature, a pending Parameter, JAX
 * tracers) goes to `missed`, any other error to `failed`, which raises MindSpore's error.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#define SMALL 16

typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    PyObject *run;          /* the program's dispatcher */
    PyObject *params;       /* tuple of the Parameters read, in the program's order */
    PyObject *consts;       /* tuple of arrays passed after them (the RNG key of a keyed program) */
    PyTypeObject *tensor;   /* Tensor */
    Py_ssize_t data_off;    /* offsets of Tensor's `_data` and `_init` slots */
    Py_ssize_t init_off;
    Py_ssize_t n_args;
    Py_ssize_t n_out;       /* outputs before the written Parameters in the program's results */
    Py_ssize_t n_written;   /* Parameters written back, in result order: their indices into params */
    Py_ssize_t *written;
    char *donated;          /* per Parameter: 1 where the program donates its value (copied if shared) */
    PyObject *own;          /* callable(value): a copy of a donated value something else holds */
    PyObject *lock;         /* an RLock held from reading the Parameters to writing them back, or None */
    PyObject *scopes;       /* list: [number of active transform scopes] */
    PyObject *current;      /* thread-local with `.value`: this thread's scope */
    PyObject *par;          /* list: [active parallel mode or None] */
    PyObject *fallback;     /* callable(*inputs): the Python call */
    PyObject *missed;       /* callable(*inputs): after a TypeError of the dispatcher */
    PyObject *failed;       /* callable(exception): raises the error to show */
} Front;

static PyObject *str_stored, *str_value, *str_acquire, *str_release;

static Py_ssize_t
slot_offset(PyTypeObject *type, const char *name)
{
    PyObject *descr = PyDict_GetItemString(type->tp_dict, name);    /* borrowed */
    if (descr == NULL || Py_TYPE(descr) != &PyMemberDescr_Type) {
        PyErr_Format(PyExc_TypeError, "%s has no slot '%s'", type->tp_name, name);
        return -1;
    }
    PyMemberDef *member = ((PyMemberDescrObject *)descr)->d_member;
    if (member->type != T_OBJECT_EX) {
        PyErr_Format(PyExc_TypeError, "%s.%s is not an object slot", type->tp_name, name);
        return -1;
    }
    return member->offset;
}

static int
busy(Front *f)
{
    PyObject *count = PyList_GET_ITEM(f->scopes, 0);
    int active = PyObject_IsTrue(count);
    if (active < 0)
        return -1;
    if (active) {
        PyObject *value = PyObject_GetAttr(f->current, str_value);
        if (value == NULL) {
            if (!PyErr_ExceptionMatches(PyExc_AttributeError))
                return -1;
            PyErr_Clear();
        }
        else {
            int set = value != Py_None;
            Py_DECREF(value);
            if (set)
                return 1;
        }
    }
    return PyList_GET_ITEM(f->par, 0) != Py_None;
}

/* The donation lock: taken before the Parameters are read, given back once they are written
 * (a call in another thread would otherwise read values this call donated). */
static int
lock_take(Front *f)
{
    if (f->lock == Py_None)
        return 0;
    PyObject *r = PyObject_CallMethodNoArgs(f->lock, str_acquire);
    if (r == NULL)
        return -1;
    Py_DECREF(r);
    return 0;
}

static void
lock_give(Front *f)
{
    if (f->lock == Py_None)
        return;
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);        /* an error on its way out stays the error */
    PyObject *r = PyObject_CallMethodNoArgs(f->lock, str_release);
    if (r == NULL)
        PyErr_WriteUnraisable(f->lock);
    Py_XDECREF(r);
    PyErr_Restore(type, value, tb);
}

static PyObject *
front_vectorcall(PyObject *self, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    Front *f = (Front *)self;
    Py_ssize_t n = PyVectorcall_NARGS(nargsf);
    if (kwnames != NULL || n != f->n_args)
        return PyObject_Vectorcall(f->fallback, args, nargsf, kwnames);
    int b = busy(f);
    if (b < 0)
        return NULL;
    if (b)
        return PyObject_Vectorcall(f->fallback, args, nargsf, kwnames);
    for (Py_ssize_t i = 0; i < n; i++) {
        if (Py_TYPE(args[i]) != f->tensor || *(PyObject **)((char *)args[i] + f->data_off) == NULL)
            return PyObject_Vectorcall(f->fallback, args, nargsf, kwnames);
    }
    Py_ssize_t n_params = PyTuple_GET_SIZE(f->params), n_consts = PyTuple_GET_SIZE(f->consts);
    Py_ssize_t total = n_params + n_consts + n;
    PyObject *small[SMALL];
    PyObject **stack = small;
    if (total > SMALL) {
        stack = PyMem_Malloc(total * sizeof(PyObject *));
        if (stack == NULL)
            return PyErr_NoMemory();
    }
    if (lock_take(f) < 0) {
        if (stack != small)
            PyMem_Free(stack);
        return NULL;
    }
    Py_ssize_t filled = 0;
    PyObject *res = NULL;
    for (Py_ssize_t j = 0; j < n_params; j++) {
        PyObject *param = PyTuple_GET_ITEM(f->params, j);
        PyObject *value = PyObject_GetAttr(param, str_stored);
        if (value == NULL)
            goto done;
        if (f->donated[j] && Py_REFCNT(value) > 2) {
            /* held elsewhere too (not only by the Parameter and here): the program gets a copy */
            PyObject *copy = PyObject_CallOneArg(f->own, value);
            Py_DECREF(value);
            if (copy == NULL || PyObject_SetAttr(param, str_stored, copy) < 0) {
                Py_XDECREF(copy);
                goto done;
            }
            value = copy;
        }
        stack[filled++] = value;
    }
    for (Py_ssize_t j = 0; j < n_consts; j++) {
        PyObject *value = PyTuple_GET_ITEM(f->consts, j);
        Py_INCREF(value);
        stack[filled++] = value;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *value = *(PyObject **)((char *)args[i] + f->data_off);
        Py_INCREF(value);
        stack[filled++] = value;
    }
    res = PyObject_Vectorcall(f->run, stack, total, NULL);
done:
    for (Py_ssize_t j = 0; j < filled; j++)
        Py_DECREF(stack[j]);
    if (stack != small)
        PyMem_Free(stack);
    if (res == NULL) {
        lock_give(f);
        if (filled < total)     /* reading a Parameter failed */
            return NULL;
        if (PyErr_ExceptionMatches(PyExc_TypeError)) {
            PyErr_Clear();
            return PyObject_Vectorcall(f->missed, args, n, NULL);
        }
        PyObject *type, *value, *tb;
        PyErr_Fetch(&type, &value, &tb);
        PyErr_NormalizeException(&type, &value, &tb);
        if (tb != NULL && value != NULL)
            PyException_SetTraceback(value, tb);
        Py_XDECREF(type);
        Py_XDECREF(tb);
        if (value == NULL)
            return NULL;
        PyObject *out = PyObject_CallOneArg(f->failed, value);
        Py_DECREF(value);
        Py_XDECREF(out);
        if (out != NULL)
            PyErr_SetString(PyExc_SystemError, "mscompat._front: the error handler returned");
        return NULL;
    }
    PyObject *seq = PySequence_Fast(res, "the program's results are not a sequence");
    Py_DECREF(res);
    if (seq == NULL) {
        lock_give(f);
        return NULL;
    }
    if (PySequence_Fast_GET_SIZE(seq) < f->n_out + f->n_written) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_SystemError, "mscompat._front: fewer results than the program declares");
        lock_give(f);
        return NULL;
    }
    for (Py_ssize_t k = 0; k < f->n_written; k++) {
        if (PyObject_SetAttr(PyTuple_GET_ITEM(f->params, f->written[k]), str_stored,
                             PySequence_Fast_GET_ITEM(seq, f->n_out + k)) < 0) {
            Py_DECREF(seq);
            lock_give(f);
            return NULL;
        }
    }
    lock_give(f);
    PyObject *t = f->tensor->tp_alloc(f->tensor, 0);
    if (t == NULL) {
        Py_DECREF(seq);
        return NULL;
    }
    PyObject *data = PySequence_Fast_GET_ITEM(seq, 0);
    Py_INCREF(data);
    *(PyObject **)((char *)t + f->data_off) = data;
    Py_INCREF(Py_None);
    *(PyObject **)((char *)t + f->init_off) = Py_None;
    Py_DECREF(seq);
    return t;
}

static PyObject *
front_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"run", "params", "consts", "tensor", "n_args", "n_out", "written", "scopes",
                             "current", "par", "fallback", "missed", "failed", "donated", "own", "lock", NULL};
    PyObject *run, *params, *consts, *tensor, *written, *scopes, *current, *par, *fallback, *missed, *failed;
    PyObject *donated = NULL, *own = Py_None, *lock = Py_None;
    Py_ssize_t n_args, n_out;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OO!O!O!nnO!O!OO!OOO|O!OO:Front", kwlist, &run, &PyTuple_Type,
                                     &params, &PyTuple_Type, &consts, &PyType_Type, &tensor, &n_args, &n_out,
                                     &PyTuple_Type, &written, &PyList_Type, &scopes, &current, &PyList_Type, &par,
                                     &fallback, &missed, &failed, &PyTuple_Type, &donated, &own, &lock))
        return NULL;
    if (PyList_GET_SIZE(scopes) < 1 || PyList_GET_SIZE(par) < 1 || n_out < 1) {
        PyErr_SetString(PyExc_ValueError, "Front: scopes and par must hold one item, n_out be positive");
        return NULL;
    }
    Py_ssize_t data_off = slot_offset((PyTypeObject *)tensor, "_data");
    if (data_off < 0)
        return NULL;
    Py_ssize_t init_off = slot_offset((PyTypeObject *)tensor, "_init");
    if (init_off < 0)
        return NULL;
    Py_ssize_t n_params = PyTuple_GET_SIZE(params);
    Py_ssize_t n_written = PyTuple_GET_SIZE(written);
    Py_ssize_t n_donated = donated == NULL ? 0 : PyTuple_GET_SIZE(donated);
    if (n_donated && !PyCallable_Check(own)) {
        PyErr_SetString(PyExc_TypeError, "Front: donated values need a callable own");
        return NULL;
    }
    Py_ssize_t *at = PyMem_Malloc((n_written ? n_written : 1) * sizeof(Py_ssize_t));
    char *mask = PyMem_Calloc(n_params ? n_params : 1, 1);
    if (at == NULL || mask == NULL)
        goto no_memory;
    for (Py_ssize_t k = 0; k < n_written + n_donated; k++) {
        PyObject *index = k < n_written ? PyTuple_GET_ITEM(written, k) : PyTuple_GET_ITEM(donated, k - n_written);
        Py_ssize_t i = PyLong_AsSsize_t(index);
        if (i < 0 || i >= n_params) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "Front: a written or donated index is not a Parameter's");
            goto fail;
        }
        if (k < n_written)
            at[k] = i;
        else
            mask[i] = 1;
    }
    Front *f = (Front *)type->tp_alloc(type, 0);
    if (f == NULL)
        goto fail;
    f->donated = mask;
    Py_INCREF(own);
    f->own = own;
    Py_INCREF(lock);
    f->lock = lock;
    f->n_written = n_written;
    f->written = at;
    f->vectorcall = front_vectorcall;
#define KEEP(field, value) Py_INCREF(value); f->field = value;
    KEEP(run, run) KEEP(params, params) KEEP(consts, consts) KEEP(scopes, scopes)
    KEEP(current, current) KEEP(par, par) KEEP(fallback, fallback) KEEP(missed, missed) KEEP(failed, failed)
#undef KEEP
    Py_INCREF(tensor);
    f->tensor = (PyTypeObject *)tensor;
    f->data_off = data_off;
    f->init_off = init_off;
    f->n_args = n_args;
    f->n_out = n_out;
    return (PyObject *)f;
no_memory:
    PyErr_NoMemory();
fail:
    PyMem_Free(at);
    PyMem_Free(mask);
    return NULL;
}

static int
front_traverse(Front *f, visitproc visit, void *arg)
{
    Py_VISIT(f->run); Py_VISIT(f->params); Py_VISIT(f->consts); Py_VISIT(f->tensor);
    Py_VISIT(f->scopes); Py_VISIT(f->current); Py_VISIT(f->par); Py_VISIT(f->fallback); Py_VISIT(f->missed);
    Py_VISIT(f->failed); Py_VISIT(f->own); Py_VISIT(f->lock);
    return 0;
}

static int
front_clear(Front *f)
{
    Py_CLEAR(f->run); Py_CLEAR(f->params); Py_CLEAR(f->consts); Py_CLEAR(f->tensor);
    Py_CLEAR(f->scopes); Py_CLEAR(f->current); Py_CLEAR(f->par); Py_CLEAR(f->fallback); Py_CLEAR(f->missed);
    Py_CLEAR(f->failed); Py_CLEAR(f->own); Py_CLEAR(f->lock);
    return 0;
}

static void
front_dealloc(Front *f)
{
    PyObject_GC_UnTrack(f);
    front_clear(f);
    PyMem_Free(f->written);
    PyMem_Free(f->donated);
    Py_TYPE(f)->tp_free((PyObject *)f);
}

static PyObject *
front_call(PyObject *self, PyObject *args, PyObject *kwargs)
{
    return PyVectorcall_Call(self, args, kwargs);
}

static PyTypeObject FrontType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "mscompat._front.Front",
    .tp_basicsize = sizeof(Front),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_doc = "The repeated call of an ms.jit function for one input signature (see the module's source).",
    .tp_new = front_new,
    .tp_dealloc = (destructor)front_dealloc,
    .tp_traverse = (traverseproc)front_traverse,
    .tp_clear = (inquiry)front_clear,
    .tp_call = front_call,
    .tp_vectorcall_offset = offsetof(Front, vectorcall),
};

/* ---- Function: the object ms.jit returns for a plain function ---- */

typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    PyObject *call;         /* callable(*args, **kwargs): the full call */
    PyObject *front;        /* callable(*args): the repeated call, or NULL */
    PyObject *dict;         /* the function's attributes (__name__, __wrapped__, ...) */
    PyObject *weakrefs;
} Function;

static PyTypeObject FunctionType;

static PyObject *
function_vectorcall(PyObject *self, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    Function *fn = (Function *)self;
    PyObject *target = (kwnames == NULL && fn->front != NULL) ? fn->front : fn->call;
    if (Py_TYPE(target) == &FrontType)      /* straight to the Front's own call */
        return front_vectorcall(target, args, nargsf, NULL);
    Py_INCREF(target);      /* the front may be replaced while it runs (another thread) */
    PyObject *out = PyObject_Vectorcall(target, args, nargsf, kwnames);
    Py_DECREF(target);
    return out;
}

static PyObject *
function_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"call", NULL};
    PyObject *call;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O:Function", kwlist, &call))
        return NULL;
    if (!PyCallable_Check(call)) {
        PyErr_SetString(PyExc_TypeError, "Function: call must be callable");
        return NULL;
    }
    Function *fn = (Function *)type->tp_alloc(type, 0);
    if (fn == NULL)
        return NULL;
    fn->vectorcall = function_vectorcall;
    Py_INCREF(call);
    fn->call = call;
    return (PyObject *)fn;
}

static int
function_traverse(Function *fn, visitproc visit, void *arg)
{
    Py_VISIT(fn->call); Py_VISIT(fn->front); Py_VISIT(fn->dict);
    return 0;
}

static int
function_clear(Function *fn)
{
    Py_CLEAR(fn->call); Py_CLEAR(fn->front); Py_CLEAR(fn->dict);
    return 0;
}

static void
function_dealloc(Function *fn)
{
    PyObject_GC_UnTrack(fn);
    if (fn->weakrefs != NULL)
        PyObject_ClearWeakRefs((PyObject *)fn);
    function_clear(fn);
    Py_TYPE(fn)->tp_free((PyObject *)fn);
}

static PyObject *
function_call(PyObject *self, PyObject *args, PyObject *kwargs)
{
    return PyVectorcall_Call(self, args, kwargs);
}

static PyObject *
function_descr_get(PyObject *self, PyObject *obj, PyObject *type)
{
    if (obj == NULL || obj == Py_None) {
        Py_INCREF(self);
        return self;
    }
    return PyMethod_New(self, obj);     /* as a function: a method of the object */
}

static PyObject *
function_attr(Function *fn, const char *name)
{
    PyObject *value = fn->dict == NULL ? NULL : PyDict_GetItemString(fn->dict, name);    /* borrowed */
    return value != NULL && PyUnicode_Check(value) ? value : NULL;
}

static PyObject *
function_repr(Function *fn)
{
    PyObject *name = function_attr(fn, "__qualname__");
    if (name == NULL)
        name = function_attr(fn, "__name__");
    if (name == NULL)
        return PyUnicode_FromFormat("<function at %p>", fn);
    return PyUnicode_FromFormat("<function %U at %p>", name, fn);
}

static PyObject *
function_reduce(Function *fn, PyObject *unused)
{
    /* pickled by reference, as a function is: its module's attribute of its qualified name */
    PyObject *name = function_attr(fn, "__qualname__");
    if (name == NULL) {
        PyErr_SetString(PyExc_TypeError, "cannot pickle a jit function without a __qualname__");
        return NULL;
    }
    Py_INCREF(name);
    return name;
}

static PyObject *
function_self(PyObject *self, PyObject *unused)
{
    Py_INCREF(self);
    return self;
}

static PyMethodDef function_methods[] = {
    {"__reduce__", (PyCFunction)function_reduce, METH_NOARGS, "Pickled by reference, as a function."},
    {"__copy__", function_self, METH_NOARGS, "The function itself, as for a function."},
    {"__deepcopy__", function_self, METH_O, "The function itself, as for a function."},
    {NULL}
};

static PyMemberDef function_members[] = {
    {"call", T_OBJECT, offsetof(Function, call), READONLY, "the full call"},
    {"front", T_OBJECT, offsetof(Function, front), 0, "the repeated call (positional inputs), or None"},
    {"__dictoffset__", T_PYSSIZET, offsetof(Function, dict), READONLY},
    {"__weaklistoffset__", T_PYSSIZET, offsetof(Function, weakrefs), READONLY},
    {NULL}
};

static PyGetSetDef function_getset[] = {
    {"__dict__", PyObject_GenericGetDict, PyObject_GenericSetDict},
    {NULL}
};

static PyTypeObject FunctionType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "mscompat._front.Function",
    .tp_basicsize = sizeof(Function),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL | Py_TPFLAGS_METHOD_DESCRIPTOR,
    .tp_doc = "An ms.jit function (see the module's source).",
    .tp_new = function_new,
    .tp_dealloc = (destructor)function_dealloc,
    .tp_traverse = (traverseproc)function_traverse,
    .tp_clear = (inquiry)function_clear,
    .tp_call = function_call,
    .tp_repr = (reprfunc)function_repr,
    .tp_descr_get = function_descr_get,
    .tp_methods = function_methods,
    .tp_members = function_members,
    .tp_getset = function_getset,
    .tp_dictoffset = offsetof(Function, dict),
    .tp_weaklistoffset = offsetof(Function, weakrefs),
    .tp_vectorcall_offset = offsetof(Function, vectorcall),
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_front",
    .m_doc = "The repeated call of an ms.jit function in C (optional: mscompat/_graph.py generates the same "
             "call in Python where this module is not built).",
    .m_size = -1,
};

PyMODINIT_FUNC
PyInit__front(void)
{
    if (PyType_Ready(&FrontType) < 0 || PyType_Ready(&FunctionType) < 0)
        return NULL;
    str_stored = PyUnicode_InternFromString("_stored");
    str_value = PyUnicode_InternFromString("value");
    str_acquire = PyUnicode_InternFromString("acquire");
    str_release = PyUnicode_InternFromString("release");
    if (str_stored == NULL || str_value == NULL || str_acquire == NULL || str_release == NULL)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL)
        return NULL;
    Py_INCREF(&FrontType);
    if (PyModule_AddObject(m, "Front", (PyObject *)&FrontType) < 0) {
        Py_DECREF(&FrontType);
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&FunctionType);
    if (PyModule_AddObject(m, "Function", (PyObject *)&FunctionType) < 0) {
        Py_DECREF(&FunctionType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
