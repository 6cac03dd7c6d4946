//! dzero-cardpool: card and set file formats, loading, validation and hot reload.
