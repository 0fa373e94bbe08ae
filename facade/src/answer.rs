//! A polling answer made once per version: its plain bytes and, on first demand, its gzip and brotli
//! forms, shared by every poller of that version.

use std::io::Write;
use std::sync::OnceLock;

use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse};

/// Bodies smaller than this are sent plain (compressing them saves less than it costs).
const MIN_COMPRESSED: usize = 1024;

/// Brotli quality: a good ratio on JSON at a cost close to gzip's default level.
const BROTLI_QUALITY: u32 = 5;

/// Brotli window (log2 of bytes).
const BROTLI_WINDOW: u32 = 22;

/// A content coding copydesk sends polling answers in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    /// As is.
    Identity,
    /// `gzip`.
    Gzip,
    /// `br`.
    Brotli,
}

impl Encoding {
    /// The best coding the request's `Accept-Encoding` allows: brotli, then gzip, else none.
    #[must_use]
    pub fn preferred(req: &HttpRequest) -> Self {
        let Some(accepted) = req
            .headers()
            .get(header::ACCEPT_ENCODING)
            .and_then(|v| v.to_str().ok())
        else {
            return Self::Identity;
        };
        let allows = |name: &str| {
            accepted.split(',').any(|item| {
                let mut parts = item.split(';').map(str::trim);
                let coding = parts.next().unwrap_or_default();
                let refused = parts.any(|p| {
                    p.strip_prefix("q=")
                        .and_then(|q| q.parse::<f32>().ok())
                        .is_some_and(|q| q <= 0.0)
                });
                coding.eq_ignore_ascii_case(name) && !refused
            })
        };
        if allows("br") {
            Self::Brotli
        } else if allows("gzip") {
            Self::Gzip
        } else {
            Self::Identity
        }
    }
}

/// One version of a table's answer. The compressed forms are made by the first poller asking for
/// them; the others wait for it and share the bytes.
#[derive(Debug)]
pub struct Answer {
    plain: Bytes,
    gzip: OnceLock<Option<Bytes>>,
    brotli: OnceLock<Option<Bytes>>,
}

impl Answer {
    /// An answer of these plain bytes.
    #[must_use]
    pub fn new(plain: Bytes) -> Self {
        Self {
            plain,
            gzip: OnceLock::new(),
            brotli: OnceLock::new(),
        }
    }

    /// The plain bytes.
    #[must_use]
    pub fn plain(&self) -> &Bytes {
        &self.plain
    }

    /// The bytes in `encoding` and the coding they are in (plain when small, or when compressing
    /// failed).
    #[must_use]
    pub fn encoded(&self, encoding: Encoding) -> (Encoding, Bytes) {
        if self.plain.len() < MIN_COMPRESSED {
            return (Encoding::Identity, self.plain.clone());
        }
        let made = match encoding {
            Encoding::Identity => None,
            Encoding::Gzip => self.gzip.get_or_init(|| gzip(&self.plain)).clone(),
            Encoding::Brotli => self.brotli.get_or_init(|| brotli(&self.plain)).clone(),
        };
        match made {
            Some(bytes) => (encoding, bytes),
            None => (Encoding::Identity, self.plain.clone()),
        }
    }

    /// The answer as a response: 304 when the request's `If-None-Match` names `etag`, else the bytes
    /// in the best coding the client accepts, with the weak ETag.
    #[must_use]
    pub fn respond(&self, req: &HttpRequest, etag: &str) -> HttpResponse {
        let weak = format!("W/\"{etag}\"");
        if etag_matches(req, etag) {
            return HttpResponse::NotModified()
                .insert_header((header::ETAG, weak))
                .insert_header((header::CACHE_CONTROL, "no-cache"))
                .insert_header((header::VARY, "Accept-Encoding"))
                .finish();
        }
        let (encoding, bytes) = self.encoded(Encoding::preferred(req));
        let mut answer = HttpResponse::Ok();
        answer
            .content_type("application/json")
            .insert_header((header::ETAG, weak))
            .insert_header((header::CACHE_CONTROL, "no-cache"))
            .insert_header((header::VARY, "Accept-Encoding"));
        // With a Content-Encoding set, the compressing middleware leaves the body as it is.
        match encoding {
            Encoding::Identity => answer.insert_header((header::CONTENT_ENCODING, "identity")),
            Encoding::Gzip => answer.insert_header((header::CONTENT_ENCODING, "gzip")),
            Encoding::Brotli => answer.insert_header((header::CONTENT_ENCODING, "br")),
        };
        answer.body(bytes)
    }
}

/// Whether the request's `If-None-Match` names `etag` (strong or weak) or `*`.
#[must_use]
pub fn etag_matches(req: &HttpRequest, etag: &str) -> bool {
    let quoted = format!("\"{etag}\"");
    let weak = format!("W/{quoted}");
    req.headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split(',')
                .map(str::trim)
                .any(|tag| tag == quoted || tag == weak || tag == "*")
        })
}

/// Gzip at the default level. The fastest level was tried: on the 10,000-row orders table it made
/// 266 KB instead of 100 KB, and 200 pollers fetching it took two and a half to three times as long.
fn gzip(plain: &[u8]) -> Option<Bytes> {
    let mut encoder = flate2::write::GzEncoder::new(
        Vec::with_capacity(plain.len() / 8),
        flate2::Compression::default(),
    );
    encoder.write_all(plain).ok()?;
    encoder.finish().ok().map(Bytes::from)
}

fn brotli(plain: &[u8]) -> Option<Bytes> {
    let mut out = Vec::with_capacity(plain.len() / 8);
    {
        let mut writer =
            brotli::CompressorWriter::new(&mut out, 64 * 1024, BROTLI_QUALITY, BROTLI_WINDOW);
        writer.write_all(plain).ok()?;
        writer.flush().ok()?;
    }
    Some(Bytes::from(out))
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    use actix_web::test::TestRequest;

    use super::*;

    fn big() -> Bytes {
        Bytes::from(format!("[{}]", vec!["{\"a\":1}"; 500].join(",")))
    }

    #[test]
    fn brotli_is_preferred_then_gzip_and_a_zero_quality_refuses() {
        let ask = |value: &str| {
            Encoding::preferred(
                &TestRequest::default()
                    .insert_header((header::ACCEPT_ENCODING, value))
                    .to_http_request(),
            )
        };
        assert_eq!(ask("gzip, deflate, br"), Encoding::Brotli);
        assert_eq!(ask("gzip, br;q=0"), Encoding::Gzip);
        assert_eq!(ask("deflate"), Encoding::Identity);
        assert_eq!(
            Encoding::preferred(&TestRequest::default().to_http_request()),
            Encoding::Identity
        );
    }

    #[test]
    fn compressed_forms_are_made_once_and_decode_to_the_plain_bytes() {
        let answer = Answer::new(big());
        let (coding, gz) = answer.encoded(Encoding::Gzip);
        assert_eq!(coding, Encoding::Gzip);
        let (_, again) = answer.encoded(Encoding::Gzip);
        assert_eq!(gz.as_ptr(), again.as_ptr(), "the same shared bytes");
        let mut plain = Vec::new();
        flate2::read::GzDecoder::new(&gz[..])
            .read_to_end(&mut plain)
            .expect("valid gzip");
        assert_eq!(plain, answer.plain().to_vec());
        let (coding, br) = answer.encoded(Encoding::Brotli);
        assert_eq!(coding, Encoding::Brotli);
        let mut plain = Vec::new();
        brotli::Decompressor::new(&br[..], 4096)
            .read_to_end(&mut plain)
            .expect("valid brotli");
        assert_eq!(plain, answer.plain().to_vec());
        let small = Answer::new(Bytes::from_static(b"{}"));
        assert_eq!(
            small.encoded(Encoding::Brotli),
            (Encoding::Identity, Bytes::from_static(b"{}"))
        );
    }
}
