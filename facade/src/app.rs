//! The whole application as it is served: the one route table behind the browser security headers.
//! `main` serves it and the API tests call it, so both see the same headers.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::middleware::from_fn;
use actix_web::{App, Error};

use crate::security_headers::security_headers;
use crate::{AppState, routes};

/// The application on `state`: [`routes::configure`] wrapped by [`security_headers`].
pub fn build(
    state: AppState,
) -> App<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = Error,
        InitError = (),
    >,
> {
    App::new()
        .wrap(from_fn(security_headers))
        .configure(move |cfg| routes::configure(cfg, &state))
}
