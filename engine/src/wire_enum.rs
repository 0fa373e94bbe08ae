//! Enums that travel as fixed upper-case words (order types, statuses, sessions).

use std::fmt;

/// A word that names no value of a strict wire enum.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {kind} `{value}`")]
pub struct UnknownValue {
    /// What was being read, e.g. "instruction".
    pub kind: &'static str,
    /// The text that matched nothing.
    pub value: String,
}

impl UnknownValue {
    /// Records that `value` is not a known `kind`.
    #[must_use]
    pub fn new(kind: &'static str, value: &str) -> Self {
        Self {
            kind,
            value: value.to_owned(),
        }
    }
}

/// Writes `text` through a formatter; shared by every generated `Display`.
pub(crate) fn write_word(f: &mut fmt::Formatter<'_>, text: &str) -> fmt::Result {
    f.write_str(text)
}

/// Declares an enum whose values serialize as fixed words.
///
/// The strict form rejects unknown words; the form with a trailing
/// `other Variant "doc"` keeps unknown words in that catch-all variant instead.
macro_rules! wire_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident ($kind:literal) {
            $( $(#[$vmeta:meta])* $variant:ident => $text:literal, )+
        }
        other $other:ident $odoc:literal
    ) => {
        $(#[$meta])*
        $vis enum $name {
            $( $(#[$vmeta])* $variant, )+
            #[doc = $odoc]
            $other(String),
        }

        impl $name {
            /// Every value this enum names, in declaration order (the catch-all excluded).
            pub const KNOWN: &'static [$name] = &[$($name::$variant,)+];

            /// The wire word of this value.
            #[must_use]
            pub fn as_str(&self) -> &str {
                match self {
                    $($name::$variant => $text,)+
                    $name::$other(text) => text.as_str(),
                }
            }

            /// Whether this is one of the named values rather than the catch-all.
            #[must_use]
            pub fn is_known(&self) -> bool {
                !matches!(self, $name::$other(_))
            }

            /// Reads a wire word; an unknown word lands in the catch-all.
            #[must_use]
            pub fn parse_lenient(text: &str) -> Self {
                match text {
                    $($text => $name::$variant,)+
                    other => $name::$other(other.to_owned()),
                }
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                $crate::wire_enum::write_word(f, self.as_str())
            }
        }

        impl ::std::str::FromStr for $name {
            type Err = ::std::convert::Infallible;
            fn from_str(text: &str) -> Result<Self, Self::Err> {
                Ok(Self::parse_lenient(text))
            }
        }

        impl ::serde::Serialize for $name {
            fn serialize<S: ::serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $name {
            fn deserialize<D: ::serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = <String as ::serde::Deserialize>::deserialize(deserializer)?;
                Ok(Self::parse_lenient(&text))
            }
        }
    };
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident ($kind:literal) {
            $( $(#[$vmeta:meta])* $variant:ident => $text:literal, )+
        }
    ) => {
        $(#[$meta])*
        $vis enum $name {
            $( $(#[$vmeta])* $variant, )+
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant,)+];

            /// The wire word of this value.
            #[must_use]
            pub fn as_str(&self) -> &'static str {
                match self {
                    $($name::$variant => $text,)+
                }
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                $crate::wire_enum::write_word(f, self.as_str())
            }
        }

        impl ::std::str::FromStr for $name {
            type Err = $crate::wire_enum::UnknownValue;
            fn from_str(text: &str) -> Result<Self, Self::Err> {
                match text {
                    $($text => Ok($name::$variant),)+
                    other => Err($crate::wire_enum::UnknownValue::new($kind, other)),
                }
            }
        }

        impl ::serde::Serialize for $name {
            fn serialize<S: ::serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $name {
            fn deserialize<D: ::serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = <String as ::serde::Deserialize>::deserialize(deserializer)?;
                text.parse().map_err(::serde::de::Error::custom)
            }
        }
    };
}

pub(crate) use wire_enum;
