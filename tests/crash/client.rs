//! Talking to the server as a client would: GraphQL with a session token, uploads, media.

use std::time::Duration;

use serde_json::{Value, json};

/// What became of a request.
#[derive(Debug)]
pub enum Answer {
    /// Answered with data.
    Data(Value),
    /// Answered with GraphQL errors (the whole answer).
    Refused(Value),
    /// No answer: the connection failed or broke (the server was killed, or is down).
    Lost(String),
}

impl Answer {
    /// The `extensions.code` of the first error of a refusal.
    pub fn code(&self) -> Option<&str> {
        match self {
            Answer::Refused(answer) => answer["errors"][0]["extensions"]["code"].as_str(),
            _ => None,
        }
    }
}

/// One HTTP client for every user: the session goes in a header of its own.
#[derive(Clone)]
pub struct Client {
    http: reqwest::Client,
}

pub const SESSION_COOKIE: &str = "corkboard_session";

impl Client {
    pub fn new() -> Client {
        Client {
            http: reqwest::Client::builder()
                .timeout(Duration::from_secs(60))
                .build()
                .expect("http client"),
        }
    }

    fn post(&self, base: &str, path: &str, session: Option<&str>) -> reqwest::RequestBuilder {
        let request = self
            .http
            .post(format!("{base}{path}"))
            .header("Origin", base);
        match session {
            Some(token) => request.header("Cookie", format!("{SESSION_COOKIE}={token}")),
            None => request,
        }
    }

    /// A GraphQL request; with the session token a sign-up or sign-in answered (if any).
    pub async fn graphql_session(
        &self,
        base: &str,
        session: Option<&str>,
        query: &str,
        variables: Value,
    ) -> (Answer, Option<String>) {
        let sent = self
            .post(base, "/api/graphql", session)
            .json(&json!({ "query": query, "variables": variables }))
            .send()
            .await;
        let response = match sent {
            Ok(response) => response,
            Err(error) => return (Answer::Lost(error.to_string()), None),
        };
        let token = response
            .headers()
            .get_all("set-cookie")
            .iter()
            .filter_map(|value| value.to_str().ok())
            .find_map(|value| {
                value
                    .strip_prefix(&format!("{SESSION_COOKIE}="))
                    .map(|rest| rest.split(';').next().unwrap_or_default().to_owned())
            });
        let answer = match response.json::<Value>().await {
            Err(error) => Answer::Lost(error.to_string()),
            Ok(answer) if answer["errors"].is_array() => Answer::Refused(answer),
            Ok(answer) => Answer::Data(answer["data"].clone()),
        };
        (answer, token)
    }

    pub async fn graphql(
        &self,
        base: &str,
        session: Option<&str>,
        query: &str,
        variables: Value,
    ) -> Answer {
        self.graphql_session(base, session, query, variables)
            .await
            .0
    }

    /// Uploads a picture as a temporary pin; its `tempFileName` when answered.
    pub async fn upload(&self, base: &str, session: &str, bytes: Vec<u8>) -> Answer {
        let part = reqwest::multipart::Part::bytes(bytes).file_name("picture.png");
        let sent = self
            .post(base, "/api/upload/pin", Some(session))
            .multipart(reqwest::multipart::Form::new().part("pin", part))
            .send()
            .await;
        let response = match sent {
            Ok(response) => response,
            Err(error) => return Answer::Lost(error.to_string()),
        };
        let status = response.status();
        match response.json::<Value>().await {
            Err(error) => Answer::Lost(error.to_string()),
            Ok(answer) if status.is_success() => Answer::Data(answer),
            Ok(answer) => Answer::Refused(json!({ "status": status.as_u16(), "answer": answer })),
        }
    }

    /// GETs a path as the user of `session` (a private pin's pictures are only theirs to see);
    /// its status and body (`None` when the request failed).
    pub async fn get(&self, base: &str, path: &str, session: &str) -> Option<(u16, Vec<u8>)> {
        let cookie = format!("{SESSION_COOKIE}={session}");
        let request = self
            .http
            .get(format!("{base}{path}"))
            .header("cookie", cookie);
        let response = request.send().await.ok()?;
        let status = response.status().as_u16();
        Some((status, response.bytes().await.ok()?.to_vec()))
    }
}
