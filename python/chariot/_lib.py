"""The ctypes binding of libchariot, the Go engine built as a C shared library.

Build it from the repository root with
``go build -buildmode=c-shared -o python/chariot/_lib/libchariot.so ./cmd/libchariot``
or set CHARIOT_LIB to the path of one built elsewhere.
"""

import ctypes
import json
import os

import numpy as np

_HERE = os.path.dirname(os.path.abspath(__file__))
_DEFAULT = os.path.join(_HERE, "_lib", "libchariot.so")

_i64 = ctypes.c_int64
_u64 = ctypes.c_uint64
_p = ctypes.c_void_p
_str = ctypes.c_char_p
# Errors come back as malloc'd C strings the binding frees; c_void_p keeps
# ctypes from converting (and losing) the pointer.
_err = ctypes.c_void_p

_SIGNATURES = {
    "chariot_free": (None, [_p]),
    "chariot_close": (None, [_i64]),
    "chariot_games": (_err, [ctypes.POINTER(_p)]),
    "chariot_env_new": (_err, [_str, ctypes.POINTER(_i64), ctypes.POINTER(_p)]),
    "chariot_env_reset": (_err, [_i64, _u64, _p, _p, _p, _p, _p]),
    "chariot_env_step": (_err, [_i64, _i64, _p, _p, _p, _p, _p]),
    "chariot_save_policy": (_err, [_i64, _str, _str]),
    "chariot_table_new": (_err, [_str, _str, ctypes.POINTER(_i64), ctypes.POINTER(_p)]),
    "chariot_table_reset": (_err, [_i64, _u64]),
    "chariot_table_apply": (_err, [_i64, _i64]),
    "chariot_table_view": (_err, [_i64, _i64, _p, _p, _p, _p]),
    "chariot_vec_new": (_err, [_str, _i64, _i64, ctypes.POINTER(_i64), ctypes.POINTER(_p)]),
    "chariot_vec_reset": (_err, [_i64, _u64, _p, _p, _p]),
    "chariot_vec_step": (_err, [_i64, _p, _p, _p, _p, _p, _p, _p]),
}

_lib = None


def lib():
    """The loaded library, loaded on first use."""
    global _lib
    if _lib is None:
        path = os.environ.get("CHARIOT_LIB", _DEFAULT)
        if not os.path.exists(path):
            raise ImportError(
                f"chariot: no shared library at {path}: build it from the repository root with "
                "go build -buildmode=c-shared -o python/chariot/_lib/libchariot.so ./cmd/libchariot"
            )
        loaded = ctypes.CDLL(path)
        for name, (restype, argtypes) in _SIGNATURES.items():
            fn = getattr(loaded, name)
            fn.restype, fn.argtypes = restype, argtypes
        _lib = loaded
    return _lib


_EXCEPTIONS = {"ValueError": ValueError, "RuntimeError": RuntimeError}


def check(err):
    """Raise the exception a call's error string names ("Kind: message")."""
    if not err:
        return
    try:
        text = ctypes.string_at(err).decode("utf-8", "replace")
    finally:
        lib().chariot_free(err)
    kind, _, msg = text.partition(": ")
    raise _EXCEPTIONS.get(kind, RuntimeError)(msg)


def take_string(ptr):
    """The text of a C string the library returned, freed."""
    try:
        return ctypes.string_at(ptr.value).decode("utf-8")
    finally:
        lib().chariot_free(ptr.value)


def ptr(a):
    """The address of a numpy array's data, or None for None."""
    return None if a is None else a.ctypes.data


def games():
    """The names of the games the library knows."""
    out = _p()
    check(lib().chariot_games(ctypes.byref(out)))
    return json.loads(take_string(out))


def new(kind, *args):
    """Open a Go object (env, table or vec); returns (handle, info dict)."""
    handle, info = _i64(), _p()
    fn = getattr(lib(), f"chariot_{kind}_new")
    check(fn(*args, ctypes.byref(handle), ctypes.byref(info)))
    return handle.value, json.loads(take_string(info))


def close(handle):
    if handle and _lib is not None:
        _lib.chariot_close(handle)


class Rows:
    """Fresh arrays of one shape, each for Go to write in place and the
    caller to keep: cut from blocks allocated many at a time, since taking
    a new numpy array's address (ndarray.ctypes) costs more than a step."""

    def __init__(self, shape, dtype, block=256):
        self._shape, self._dtype, self._block = tuple(shape), np.dtype(dtype), block
        self._stride = int(np.prod(self._shape, dtype=np.int64)) * self._dtype.itemsize
        self._next = block

    def take(self):
        """A new array and its address."""
        if self._next == self._block:
            self._rows = np.empty((self._block,) + self._shape, self._dtype)
            self._base, self._next = self._rows.ctypes.data, 0
        k = self._next
        self._next += 1
        return self._rows[k], self._base + k * self._stride
