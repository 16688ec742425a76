//! Heap sizes of any size through serde: a number when the size fits in 64 bits, a string of
//! decimal digits otherwise (JSON numbers beyond 64 bits are not portable).

use num_bigint::BigUint;
use num_traits::ToPrimitive;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// What a heap size may look like in the data.
#[derive(Deserialize)]
#[serde(untagged)]
enum Repr {
    Small(u64),
    Digits(String),
}

/// One size, borrowed for serialisation.
struct Big<'a>(&'a BigUint);

impl Serialize for Big<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0.to_u64() {
            Some(small) => serializer.serialize_u64(small),
            None => serializer.collect_str(self.0),
        }
    }
}

fn from_repr<E: serde::de::Error>(repr: Repr) -> Result<BigUint, E> {
    match repr {
        Repr::Small(small) => Ok(BigUint::from(small)),
        Repr::Digits(text) => {
            if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
                return Err(E::custom(format_args!(
                    "invalid heap size '{text}': expected a non-negative integer"
                )));
            }
            text.parse().map_err(E::custom)
        }
    }
}

pub(crate) fn serialize<S: Serializer>(size: &BigUint, serializer: S) -> Result<S::Ok, S::Error> {
    Big(size).serialize(serializer)
}

pub(crate) fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<BigUint, D::Error> {
    from_repr(Repr::deserialize(deserializer)?)
}

/// A list of sizes.
pub(crate) mod list {
    use super::*;

    pub(crate) fn serialize<S: Serializer>(
        sizes: &[BigUint],
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(sizes.iter().map(Big))
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Vec<BigUint>, D::Error> {
        Vec::<Repr>::deserialize(deserializer)?.into_iter().map(from_repr::<D::Error>).collect()
    }
}
