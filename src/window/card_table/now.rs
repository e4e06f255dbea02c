//! The card table's scene as last laid out: what input, the panel and the
//! sounds read of it (the scene, which card each entity is).

use std::collections::HashMap;

use bevy::prelude::*;

use crate::cards::TableGame;
use crate::cards::view::{CardKey, TableScene};

/// The scene last laid out, for input and labels; the entity of each card.
#[derive(Resource)]
pub struct SceneNow<G: TableGame> {
    pub scene: TableScene<G::Action>,
    pub version: u64,
    pub staged: Option<usize>,
    pub entities: HashMap<CardKey, Entity>,
    /// The tokens' entities, and a material per colour.
    pub tokens: HashMap<u32, Entity>,
    pub token_materials: HashMap<[u8; 4], Handle<StandardMaterial>>,
}

impl<G: TableGame> Default for SceneNow<G> {
    fn default() -> Self {
        SceneNow {
            scene: TableScene::default(),
            version: u64::MAX,
            staged: None,
            entities: HashMap::new(),
            tokens: HashMap::new(),
            token_materials: HashMap::new(),
        }
    }
}
