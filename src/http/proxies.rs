//! Where a request really comes from: the TCP peer, or, when the peer is a trusted reverse
//! proxy, the client its `X-Forwarded-For` names and the scheme its `X-Forwarded-Proto` says.

use std::net::{IpAddr, SocketAddr};

use ipnet::IpNet;
use poem::Request;

/// The client of a request as the server believes it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Client {
    pub ip: Option<IpAddr>,
    /// A trusted proxy says the client reached it over HTTPS.
    pub https: bool,
}

/// The client of `req`: its forwarding headers count only when the TCP peer is in `trusted`.
pub(crate) fn client_of(req: &Request, trusted: &[IpNet]) -> Client {
    let peer = req.remote_addr().as_socket_addr().map(|addr| addr.ip());
    let Some(proxy) = peer.filter(|peer| is_trusted(*peer, trusted)) else {
        return Client {
            ip: peer,
            https: false,
        };
    };
    let forwarded = req
        .headers()
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .filter_map(parse_address)
        .collect::<Vec<_>>();
    let ip = client_in_chain(&forwarded, trusted).unwrap_or(proxy);
    let https = req
        .headers()
        .get("x-forwarded-proto")
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(',').next())
        .is_some_and(|scheme| scheme.trim().eq_ignore_ascii_case("https"));
    if ip != proxy {
        tracing::debug!(%proxy, client = %ip, https, "a trusted proxy forwarded the request");
    }
    Client {
        ip: Some(ip),
        https,
    }
}

/// The right-most address of the chain that is not a trusted proxy; when all are, the
/// left-most (the farthest the proxies vouch for).
fn client_in_chain(chain: &[IpAddr], trusted: &[IpNet]) -> Option<IpAddr> {
    chain
        .iter()
        .rev()
        .find(|ip| !is_trusted(**ip, trusted))
        .or(chain.first())
        .copied()
}

fn is_trusted(ip: IpAddr, trusted: &[IpNet]) -> bool {
    let ip = ip.to_canonical();
    trusted.iter().any(|net| net.contains(&ip))
}

/// An address as proxies write it: `203.0.113.7`, `2001:db8::1`, `203.0.113.7:4711` or
/// `[2001:db8::1]:4711`; `None` for anything else (`unknown`, obfuscated names, garbage).
fn parse_address(value: &str) -> Option<IpAddr> {
    let value = value.trim();
    value
        .parse::<IpAddr>()
        .or_else(|_| value.parse::<SocketAddr>().map(|addr| addr.ip()))
        .ok()
        .map(|ip| ip.to_canonical())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nets(list: &[&str]) -> Vec<IpNet> {
        list.iter().map(|net| net.parse().unwrap()).collect()
    }

    fn ips(list: &[&str]) -> Vec<IpAddr> {
        list.iter().filter_map(|ip| parse_address(ip)).collect()
    }

    #[test]
    fn the_right_most_untrusted_address_is_the_client() {
        let trusted = nets(&["10.0.0.0/8"]);
        let chain = ips(&["198.51.100.9", "203.0.113.7", "10.0.0.2"]);
        assert_eq!(
            client_in_chain(&chain, &trusted),
            Some("203.0.113.7".parse().unwrap())
        );
    }

    #[test]
    fn a_chain_of_proxies_only_gives_its_farthest() {
        let trusted = nets(&["10.0.0.0/8"]);
        let chain = ips(&["10.0.0.3", "10.0.0.2"]);
        assert_eq!(
            client_in_chain(&chain, &trusted),
            Some("10.0.0.3".parse().unwrap())
        );
        assert_eq!(client_in_chain(&[], &trusted), None);
    }

    #[test]
    fn malformed_values_are_skipped_and_ports_dropped() {
        let chain = ips(&[
            "unknown",
            " 203.0.113.7:4711",
            "[2001:db8::1]:80",
            "_hidden",
            "",
        ]);
        assert_eq!(
            chain,
            vec![
                "203.0.113.7".parse::<IpAddr>().unwrap(),
                "2001:db8::1".parse().unwrap()
            ]
        );
    }

    #[test]
    fn an_ipv4_mapped_peer_matches_an_ipv4_network() {
        let peer: IpAddr = "::ffff:127.0.0.1".parse().unwrap();
        assert!(is_trusted(peer, &nets(&["127.0.0.1/32"])));
    }
}
