//! The policy network: what it sees of a position ([`features`]), the arithmetic of its
//! layers on the `gemm` crate ([`layers`]), its weights and forward pass ([`net`]), and the probabilities of the moves of one
//! position as the engine asks for them ([`policy`]). The
//! trainer (`tengen policy train`, in `learn`) adds the backward pass on the same layers.

pub mod features;
pub mod layers;
pub mod net;
pub mod policy;
