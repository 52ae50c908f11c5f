//! Playouts and search.
