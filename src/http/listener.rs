//! The TCP acceptor: poem's, with Nagle's algorithm off on every connection, so that a response
//! written in two parts (headers, then a file) is not held back until the client's delayed ACK.

use std::io;

use poem::http::uri::Scheme;
use poem::listener::{Acceptor, TcpAcceptor};
use poem::web::{LocalAddr, RemoteAddr};
use tokio::net::TcpStream;

pub struct NoDelayAcceptor(pub TcpAcceptor);

impl Acceptor for NoDelayAcceptor {
    type Io = TcpStream;

    fn local_addr(&self) -> Vec<LocalAddr> {
        self.0.local_addr()
    }

    async fn accept(&mut self) -> io::Result<(TcpStream, LocalAddr, RemoteAddr, Scheme)> {
        let accepted = self.0.accept().await?;
        if let Err(error) = accepted.0.set_nodelay(true) {
            tracing::debug!(%error, "cannot turn Nagle's algorithm off for a connection");
        }
        Ok(accepted)
    }
}
