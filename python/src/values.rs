//! `nimcert.Values`: a read-only sequence of nim-values held by Rust,
//! which NumPy views without copying (`numpy.asarray(values)`, through the
//! array interface protocol: NumPy is not needed to build or use it).
//!
//! The buffer is never written after the object is made (the class is
//! frozen and the data sits behind an `Arc` nobody mutates), so the
//! address handed to NumPy stays valid for as long as NumPy keeps the
//! object alive as its array's base.

use crate::errors::guard;
use nimcert::engine::Periodicity;
use nimcert::octal::period::OctalSolution;
use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PySlice, PyTuple};
use std::sync::Arc;

/// Where the values live: a solved game's own buffer (no copy), or a word
/// of its own (a prediction).
pub enum Store {
    /// G on [0, q + p) of a subtraction game (16 bits a value).
    Subtraction(Arc<Periodicity>),
    /// G on the proof's prefix of an octal game (32 bits a value).
    Octal(Arc<OctalSolution>),
    /// A word of 16-bit values.
    Word(Vec<u16>),
}

/// The values as a slice of their own width.
enum Slice<'a> {
    U16(&'a [u16]),
    U32(&'a [u32]),
}

impl Slice<'_> {
    fn len(&self) -> usize {
        match self {
            Slice::U16(v) => v.len(),
            Slice::U32(v) => v.len(),
        }
    }

    fn get(&self, i: usize) -> u32 {
        match self {
            Slice::U16(v) => u32::from(v[i]),
            Slice::U32(v) => v[i],
        }
    }
}

/// A read-only sequence of nim-values (ints); `numpy.asarray` views it
/// without copying (dtype uint16 for subtraction games, uint32 for octal
/// games).
#[pyclass(frozen, module = "nimcert", sequence)]
pub struct Values {
    store: Store,
}

impl Values {
    pub fn new(store: Store) -> Self {
        Values { store }
    }

    fn slice(&self) -> Slice<'_> {
        match &self.store {
            Store::Subtraction(game) => Slice::U16(&game.values),
            Store::Octal(game) => Slice::U32(&game.values),
            Store::Word(word) => Slice::U16(word),
        }
    }

    /// The values as a list of ints (a copy).
    fn list<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        match self.slice() {
            Slice::U16(v) => PyList::new(py, v),
            Slice::U32(v) => PyList::new(py, v),
        }
    }

    /// The values as u32, copied (for comparisons).
    fn to_vec(&self) -> Vec<u32> {
        let s = self.slice();
        (0..s.len()).map(|i| s.get(i)).collect()
    }
}

#[pymethods]
impl Values {
    fn __len__(&self) -> PyResult<usize> {
        guard(|| Ok(self.slice().len()))
    }

    /// An int for an index (negative from the end), a list for a slice.
    fn __getitem__<'py>(&self, py: Python<'py>, key: &Bound<'py, PyAny>) -> PyResult<Py<PyAny>> {
        guard(|| {
            let s = self.slice();
            let len = s.len();
            if let Ok(slice) = key.cast::<PySlice>() {
                let ix = slice.indices(len as isize)?;
                let picked: Vec<u32> = (0..ix.slicelength)
                    .map(|k| s.get((ix.start + k as isize * ix.step) as usize))
                    .collect();
                return Ok(PyList::new(py, picked)?.into_any().unbind());
            }
            let at = index(key, len, "Values")?;
            Ok(s.get(at).into_pyobject(py)?.into_any().unbind())
        })
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        guard(|| Ok(self.list(py)?.into_any().try_iter()?.into_any()))
    }

    /// Equal to another sequence of the same ints (a list, a tuple,
    /// Values).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        guard(|| {
            if let Ok(other) = other.cast::<Values>() {
                return Ok(self.to_vec() == other.get().to_vec());
            }
            if other.cast::<pyo3::types::PyString>().is_ok() {
                return Ok(false);
            }
            Ok(match other.extract::<Vec<u64>>() {
                Ok(v) => {
                    let s = self.slice();
                    v.len() == s.len()
                        && v.iter().enumerate().all(|(i, &x)| u64::from(s.get(i)) == x)
                }
                Err(_) => false,
            })
        })
    }

    /// The values as a list of ints (a copy).
    fn tolist<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        guard(|| self.list(py))
    }

    /// The NumPy dtype name of the values: "uint16" or "uint32".
    #[getter]
    fn dtype(&self) -> PyResult<&'static str> {
        guard(|| {
            Ok(match self.slice() {
                Slice::U16(_) => "uint16",
                Slice::U32(_) => "uint32",
            })
        })
    }

    /// The array interface (version 3): NumPy reads the values in place,
    /// read-only, keeping this object alive as the array's base.
    #[getter]
    fn __array_interface__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        guard(|| {
            let order = if cfg!(target_endian = "little") {
                '<'
            } else {
                '>'
            };
            let (address, typestr) = match self.slice() {
                Slice::U16(v) => (v.as_ptr() as usize, format!("{order}u2")),
                Slice::U32(v) => (v.as_ptr() as usize, format!("{order}u4")),
            };
            let interface = PyDict::new(py);
            interface.set_item("version", 3)?;
            interface.set_item("shape", PyTuple::new(py, [self.slice().len()])?)?;
            interface.set_item("typestr", typestr)?;
            // (address, read-only)
            interface.set_item("data", (address, true))?;
            Ok(interface)
        })
    }

    fn __repr__(&self) -> PyResult<String> {
        guard(|| {
            let s = self.slice();
            let shown: Vec<String> = (0..s.len().min(20)).map(|i| s.get(i).to_string()).collect();
            let more = if s.len() > 20 {
                format!(", … ({} values)", s.len())
            } else {
                String::new()
            };
            Ok(format!("Values([{}{more}])", shown.join(", ")))
        })
    }
}

/// The position in a sequence of `len` items that `key` names, as a
/// list reads its index: an int (negative from the end; a bool counts as
/// 0 or 1, as for a list), `IndexError` out of range (an int beyond 64
/// bits included), `TypeError` for anything else.
pub fn index(key: &Bound<'_, PyAny>, len: usize, what: &str) -> PyResult<usize> {
    let out_of_range = || PyIndexError::new_err(format!("{what} index out of range"));
    let i: i64 = match key.extract() {
        Ok(i) => i,
        Err(_) if key.hasattr("__index__").unwrap_or(false) => return Err(out_of_range()),
        Err(_) => {
            return Err(PyTypeError::new_err(format!(
                "{what} indices must be integers or slices"
            )))
        }
    };
    let len = i64::try_from(len).unwrap_or(i64::MAX);
    let at = if i < 0 { i.saturating_add(len) } else { i };
    if at < 0 || at >= len {
        return Err(out_of_range());
    }
    Ok(at as usize)
}
