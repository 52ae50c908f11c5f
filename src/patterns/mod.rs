//! Learned move patterns: the features of a candidate move ([`features`]), the shapes
//! around it ([`shape`]), and the model that rates moves by them ([`model`]): Coulom's
//! generalised Bradley-Terry model, whose weights `tengen patterns train` learns from
//! strong players' games and whose probabilities the tree search takes as priors.

pub mod features;
pub mod model;
pub mod shape;
pub mod table;
