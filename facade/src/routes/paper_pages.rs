//! The paper brokerage's own login pages, served by copydesk so that authorization works offline:
//! `/paper/authorize` asks for any username and password and redirects with a code to `/paper/callback`,
//! which shows its own address for the agent to paste into the Get Access Token dialog.

use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

use crate::AppState;
use crate::services::{PAPER_AUTHORIZE_PATH, PAPER_CALLBACK_PATH};

pub(super) fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource(PAPER_AUTHORIZE_PATH)
            .route(web::get().to(authorize_page))
            .route(web::post().to(authorize_submit)),
    )
    .service(web::resource(PAPER_CALLBACK_PATH).route(web::get().to(callback_page)));
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

fn page(title: &str, body: &str) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .insert_header(("Cache-Control", "no-store"))
        .insert_header(("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"))
        .body(format!(
            "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{title}</title>\
             <style>body{{font-family:sans-serif;max-width:32rem;margin:4rem auto;color:#1c2127}}\
             label{{display:block;margin:.75rem 0 .25rem}}input{{width:100%;padding:.4rem;box-sizing:border-box}}\
             button{{margin-top:1rem;padding:.5rem 1.25rem}}.error{{color:#ac2f33}}</style></head>\
             <body><h1>{title}</h1>{body}</body></html>"
        ))
}

#[derive(Debug, Deserialize)]
struct AuthorizeQuery {
    redirect_uri: Option<String>,
}

/// Only copydesk's own callback page may receive a code.
fn valid_redirect(redirect: &str) -> bool {
    url::Url::parse(redirect)
        .is_ok_and(|u| u.path() == PAPER_CALLBACK_PATH && matches!(u.scheme(), "http" | "https"))
}

fn form(redirect: &str, error: Option<&str>) -> String {
    let error = error
        .map(|e| format!("<p class=\"error\">{}</p>", escape(e)))
        .unwrap_or_default();
    format!(
        "<p>Sign in to the paper brokerage to let copydesk trade this account. Any username and \
         password open a paper account.</p>{error}\
         <form method=\"post\" action=\"{PAPER_AUTHORIZE_PATH}\">\
         <input type=\"hidden\" name=\"redirect_uri\" value=\"{}\">\
         <label for=\"username\">Username</label><input id=\"username\" name=\"username\" autocomplete=\"off\">\
         <label for=\"password\">Password</label><input id=\"password\" name=\"password\" type=\"password\">\
         <button type=\"submit\">Allow</button></form>",
        escape(redirect)
    )
}

async fn authorize_page(query: web::Query<AuthorizeQuery>) -> HttpResponse {
    match query.redirect_uri.as_deref() {
        Some(redirect) if valid_redirect(redirect) => {
            page("Paper brokerage login", &form(redirect, None))
        }
        _ => page(
            "Paper brokerage login",
            "<p class=\"error\">This login link is not valid.</p>",
        ),
    }
}

#[derive(Deserialize)]
struct AuthorizeForm {
    redirect_uri: String,
    username: String,
    password: String,
}

async fn authorize_submit(
    state: web::Data<AppState>,
    form_data: web::Form<AuthorizeForm>,
) -> HttpResponse {
    let AuthorizeForm {
        redirect_uri,
        username,
        password,
    } = form_data.into_inner();
    if !valid_redirect(&redirect_uri) {
        return page(
            "Paper brokerage login",
            "<p class=\"error\">This login link is not valid.</p>",
        );
    }
    let Some(paper) = &state.services.brokers.paper else {
        return page(
            "Paper brokerage login",
            "<p class=\"error\">The paper brokerage is not in use.</p>",
        );
    };
    match paper.authorize(&username, &password) {
        Ok(code) => {
            let session = hex::encode(rand::random::<[u8; 16]>());
            let mut target = match url::Url::parse(&redirect_uri) {
                Ok(url) => url,
                Err(_) => {
                    return page(
                        "Paper brokerage login",
                        "<p class=\"error\">This login link is not valid.</p>",
                    );
                }
            };
            target
                .query_pairs_mut()
                .append_pair("code", code.expose_secret())
                .append_pair("session", &session);
            HttpResponse::Found()
                .insert_header(("Location", target.to_string()))
                .finish()
        }
        Err(err) => page(
            "Paper brokerage login",
            &form(&redirect_uri, Some(&err.to_string())),
        ),
    }
}

async fn callback_page(req: HttpRequest) -> HttpResponse {
    let info = req.connection_info();
    let address = format!("{}://{}{}", info.scheme(), info.host(), req.uri());
    page(
        "Authorization code received",
        &format!(
            "<p>Copy this address into Account Authorization Code</p>\
             <input id=\"authorization-address\" readonly value=\"{}\">",
            escape(&address)
        ),
    )
}
