//! `Serialize` and `Deserialize` for the sets, formulas and positions of the crate (feature
//! `serde`). Positions deserialise through their constructors, so that data which is no
//! position is an error rather than a value that breaks an invariant.

use grundy_core::bitset::MAX_DESERIALIZED;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{AvoidTruePosition, BipartitePosition, Formula, HypergraphPosition, VarSet};

/// The most piles of a deserialised [`BipartitePosition`] (the elements of a deserialised
/// [`VarSet`] are bounded by grundy-core's [`MAX_DESERIALIZED`]): short data cannot ask for a
/// huge allocation.
const MAX_INDEX: usize = MAX_DESERIALIZED;

#[derive(Serialize, Deserialize)]
struct AvoidTrueData {
    variables: usize,
    clauses: Vec<VarSet>,
    true_vars: VarSet,
}

impl Serialize for AvoidTruePosition {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        AvoidTrueData {
            variables: self.variables(),
            clauses: self.clauses().to_vec(),
            true_vars: self.true_vars().clone(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for AvoidTruePosition {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let data = AvoidTrueData::deserialize(deserializer)?;
        AvoidTruePosition::new(data.variables, data.clauses, data.true_vars)
            .map_err(D::Error::custom)
    }
}

#[derive(Serialize, Deserialize)]
struct HypergraphData {
    vertices: usize,
    edges: Vec<VarSet>,
    pebbles: VarSet,
    current: usize,
}

impl Serialize for HypergraphPosition {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        HypergraphData {
            vertices: self.vertices(),
            edges: self.edges().to_vec(),
            pebbles: self.pebbles().clone(),
            current: self.current(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for HypergraphPosition {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let data = HypergraphData::deserialize(deserializer)?;
        HypergraphPosition::new(data.vertices, data.edges, data.pebbles, data.current)
            .map_err(D::Error::custom)
    }
}

#[derive(Serialize, Deserialize)]
struct BipartiteData {
    piles: usize,
    stations: usize,
    edges: Vec<(usize, usize)>,
    pebbles: VarSet,
    powered: VarSet,
    current: usize,
}

impl Serialize for BipartitePosition {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let edges = (0..self.piles())
            .flat_map(|pile| {
                self.neighbours(pile).iter().map(move |station| (pile, station)).collect::<Vec<_>>()
            })
            .collect();
        BipartiteData {
            piles: self.piles(),
            stations: self.stations(),
            edges,
            pebbles: self.pebbles().clone(),
            powered: self.powered().clone(),
            current: self.current(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for BipartitePosition {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let data = BipartiteData::deserialize(deserializer)?;
        if data.piles > MAX_INDEX {
            return Err(D::Error::custom(format_args!(
                "{} piles: at most {MAX_INDEX} are supported",
                data.piles
            )));
        }
        BipartitePosition::with_powered(
            data.piles,
            data.stations,
            data.edges,
            data.pebbles,
            data.powered,
            data.current,
        )
        .map_err(D::Error::custom)
    }
}

#[derive(Serialize, Deserialize)]
struct FormulaData {
    names: Vec<String>,
    clauses: Vec<VarSet>,
}

impl Serialize for Formula {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        FormulaData { names: self.names().to_vec(), clauses: self.clauses().to_vec() }
            .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Formula {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let data = FormulaData::deserialize(deserializer)?;
        Formula::new(data.names, data.clauses).map_err(D::Error::custom)
    }
}
