//! Move patterns, every shape in one place: the features of a candidate move ([`features`]),
//! the shapes around it at eight sizes ([`shape`]), and the model that rates moves by them
//! ([`model`]): Coulom's generalised Bradley-Terry model, whose weights `tengen patterns
//! train` learns from strong players' games and whose probabilities the tree search takes as
//! priors. Beside them the 3x3 codes the playouts read: MoGo's hand-written shapes
//! ([`pattern3`], heavy playouts and priors) and the 3x3 shape with atari bits of the
//! learned playout policy ([`shape3`]).

pub mod features;
pub mod model;
pub mod pattern3;
pub mod shape;
pub mod shape3;
pub mod table;
