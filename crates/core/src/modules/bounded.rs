//! Whole-number parameters with their range in the type: `Bounded<0, 2>` reads only 0, 1 or 2,
//! describes itself in the JSON Schema as an integer from 0 to 2, and names the range in its
//! error, so a module's parameter struct is the one place its ranges are written.
//! `BoundedList<T, 1, 16>` does the same for how many values a list holds.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// A whole number from `MIN` to `MAX` (both included).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bounded<const MIN: i64, const MAX: i64>(i64);

impl<const MIN: i64, const MAX: i64> Bounded<MIN, MAX> {
    /// `value`, if it is in range.
    pub const fn new(value: i64) -> Option<Self> {
        if MIN <= value && value <= MAX {
            Some(Bounded(value))
        } else {
            None
        }
    }

    /// `value` for a constant known to be in range (a default): out of range, it fails to
    /// compile where it is evaluated as a constant, and panics otherwise.
    pub const fn of(value: i64) -> Self {
        assert!(MIN <= value && value <= MAX, "out of the parameter's range");
        Bounded(value)
    }

    /// The nearest value in range: how a module gives back a value it keeps in another type.
    pub fn clamped(value: impl Into<i64>) -> Self {
        Bounded(value.into().clamp(MIN, MAX))
    }

    pub const fn get(self) -> i64 {
        self.0
    }

    /// The value as a `u32`, for a range that starts at 0 or above (0 below it).
    pub fn as_u32(self) -> u32 {
        self.0.clamp(0, i64::from(u32::MAX)) as u32
    }

    /// The value as an `i32`, for a range within `i32`'s (clamped to it otherwise).
    pub fn as_i32(self) -> i32 {
        self.0.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
    }
}

impl<const MIN: i64, const MAX: i64> fmt::Debug for Bounded<MIN, MAX> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

impl<const MIN: i64, const MAX: i64> fmt::Display for Bounded<MIN, MAX> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl<const MIN: i64, const MAX: i64> Serialize for Bounded<MIN, MAX> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_i64(self.0)
    }
}

impl<'de, const MIN: i64, const MAX: i64> Deserialize<'de> for Bounded<MIN, MAX> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let value = i64::deserialize(d)?;
        Bounded::new(value).ok_or_else(|| D::Error::custom(range_problem(MIN, MAX, value)))
    }
}

/// The words of an out-of-range value, as the parameter errors give them after the key.
fn range_problem(min: i64, max: i64, value: i64) -> String {
    format!("{RANGE_WORDS}{min} to {max}, not {value}")
}

/// How [`range_problem`] starts, for the error messages to recognise it.
pub(crate) const RANGE_WORDS: &str = "must be from ";

impl<const MIN: i64, const MAX: i64> schemars::JsonSchema for Bounded<MIN, MAX> {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> std::borrow::Cow<'static, str> {
        format!("Bounded_{MIN}_{MAX}").into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "integer",
            "format": "int64",
            "minimum": MIN,
            "maximum": MAX,
        })
    }
}

/// A list of `MIN_LEN` to `MAX_LEN` values (each checked by its own type).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct BoundedList<T, const MIN_LEN: usize, const MAX_LEN: usize>(Vec<T>);

impl<T, const MIN_LEN: usize, const MAX_LEN: usize> BoundedList<T, MIN_LEN, MAX_LEN> {
    /// `values`, if there are as many as the list allows.
    pub fn new(values: Vec<T>) -> Option<Self> {
        (MIN_LEN..=MAX_LEN)
            .contains(&values.len())
            .then_some(BoundedList(values))
    }

    /// The first `MAX_LEN` of `values`: how a module gives back a list it keeps in another
    /// type (it read them from this list, so there are enough).
    pub fn truncated(mut values: Vec<T>) -> Self {
        values.truncate(MAX_LEN);
        BoundedList(values)
    }

    pub fn as_slice(&self) -> &[T] {
        &self.0
    }
}

impl<T: fmt::Debug, const MIN_LEN: usize, const MAX_LEN: usize> fmt::Debug
    for BoundedList<T, MIN_LEN, MAX_LEN>
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

impl<T: Serialize, const MIN_LEN: usize, const MAX_LEN: usize> Serialize
    for BoundedList<T, MIN_LEN, MAX_LEN>
{
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl<'de, T: Deserialize<'de>, const MIN_LEN: usize, const MAX_LEN: usize> Deserialize<'de>
    for BoundedList<T, MIN_LEN, MAX_LEN>
{
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_seq(ListVisitor::<T, MIN_LEN, MAX_LEN>(std::marker::PhantomData))
    }
}

/// Reads a [`BoundedList`]: a list longer than it may be is refused for its length before any
/// item past the allowed ones is read (a file's list of a hundred thousand tables costs no more
/// than one of the most allowed, and is said too long, not wrong in its first item).
struct ListVisitor<T, const MIN_LEN: usize, const MAX_LEN: usize>(std::marker::PhantomData<T>);

impl<'de, T: Deserialize<'de>, const MIN_LEN: usize, const MAX_LEN: usize> serde::de::Visitor<'de>
    for ListVisitor<T, MIN_LEN, MAX_LEN>
{
    type Value = BoundedList<T, MIN_LEN, MAX_LEN>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a sequence")
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let wrong_length = |len: usize| {
            A::Error::custom(format!(
                "{LENGTH_WORDS}{MIN_LEN} to {MAX_LEN} numbers, not {len}"
            ))
        };
        // A list that says its length (every list read from a file's value does) is judged by
        // it first.
        if let Some(len) = seq.size_hint()
            && len > MAX_LEN
        {
            return Err(wrong_length(len));
        }
        let mut values = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(MAX_LEN));
        while values.len() < MAX_LEN {
            match seq.next_element::<T>()? {
                Some(v) => values.push(v),
                None => break,
            }
        }
        // Past the most allowed, only counted.
        let mut len = values.len();
        while seq.next_element::<serde::de::IgnoredAny>()?.is_some() {
            len += 1;
        }
        if len > MAX_LEN {
            return Err(wrong_length(len));
        }
        BoundedList::new(values).ok_or_else(|| wrong_length(len))
    }
}

/// How a list's length problem starts, for the error messages to recognise it.
pub(crate) const LENGTH_WORDS: &str = "needs ";

impl<T: schemars::JsonSchema, const MIN_LEN: usize, const MAX_LEN: usize> schemars::JsonSchema
    for BoundedList<T, MIN_LEN, MAX_LEN>
{
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> std::borrow::Cow<'static, str> {
        format!("BoundedList_{}_{MIN_LEN}_{MAX_LEN}", T::schema_name()).into()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "array",
            "items": generator.subschema_for::<T>(),
            "minItems": MIN_LEN,
            "maxItems": MAX_LEN,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_only_in_range_and_say_which_range() {
        let ok: Bounded<0, 2> = serde_json::from_str("2").expect("in range");
        assert_eq!(ok.get(), 2);
        let e = serde_json::from_str::<Bounded<0, 2>>("3").expect_err("out of range");
        assert_eq!(e.to_string(), "must be from 0 to 2, not 3");
        assert!(serde_json::from_str::<Bounded<1, 5>>("0").is_err());
        assert_eq!(Bounded::<1, 5>::clamped(9u32).get(), 5);
        assert_eq!(Bounded::<1, 5>::of(3).as_u32(), 3);
        assert_eq!(serde_json::to_string(&ok).expect("json"), "2");
    }

    #[test]
    fn lists_read_only_with_as_many_values_as_allowed() {
        type Prices = BoundedList<Bounded<0, 9>, 1, 3>;
        let ok: Prices = serde_json::from_str("[1, 2]").expect("two");
        assert_eq!(ok.as_slice().len(), 2);
        let e = serde_json::from_value::<Prices>(serde_json::json!([])).expect_err("none");
        assert_eq!(e.to_string(), "needs 1 to 3 numbers, not 0");
        let e = serde_json::from_str::<Prices>("[1, 10]").expect_err("too big");
        assert!(
            e.to_string().starts_with("must be from 0 to 9, not 10"),
            "{e}"
        );
        assert_eq!(
            Prices::truncated(vec![Bounded::of(1); 5]).as_slice().len(),
            3
        );
        // Too long: said so before any item is judged, read from a value (which knows its
        // length) or from text (which does not: the items past the most allowed only counted).
        let long = serde_json::json!([10, 10, 10, 10, 10]);
        let e = serde_json::from_value::<Prices>(long).expect_err("too long");
        assert_eq!(e.to_string(), "needs 1 to 3 numbers, not 5");
        let e = serde_json::from_str::<Prices>("[1, 2, 3, \"x\", 5]").expect_err("too long");
        assert!(
            e.to_string().starts_with("needs 1 to 3 numbers, not 5"),
            "{e}"
        );
    }
}
