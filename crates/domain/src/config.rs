//! Configuration in layers: built-in defaults, a TOML file, `CORKBOARD_*` variables, then flags.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::Context;
use figment::providers::{Format, Serialized, Toml};
use figment::util::nest;
use figment::value::Value;
use figment::{Figment, Profile};
use serde::{Deserialize, Serialize};

/// The commented defaults, printed by `corkboard print-default-config`.
pub const DEFAULT_CONFIG_TOML: &str = include_str!("../../../config.example.toml");

/// Every setting of the server.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    /// Address and port the HTTP server listens on.
    pub listen: SocketAddr,
    /// Folder holding the database, the search index and the pictures.
    pub data_dir: PathBuf,
    /// The address people use to reach the server, used in mailed links and for CSRF checks.
    pub public_url: Option<String>,
    /// Reverse proxies whose `X-Forwarded-For` and `X-Forwarded-Proto` are believed.
    pub trusted_proxies: Vec<ipnet::IpNet>,
    pub fetch: FetchConfig,
    pub mail: MailConfig,
    pub uploads: UploadConfig,
    pub limits: LimitsConfig,
    pub api: ApiConfig,
    pub accounts: AccountsConfig,
    pub metrics: MetricsConfig,
    pub log: LogConfig,
    pub http: HttpConfig,
    pub backup: BackupConfig,
    pub storage: StorageConfig,
    pub database: DatabaseConfig,
    pub quotas: QuotasConfig,
}

/// Where avatars, previews and originals are kept (temporary uploads stay in the data folder).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct StorageConfig {
    pub kind: StorageKind,
    /// S3: answer public pictures with a redirect to a short-lived presigned URL.
    pub redirect: bool,
    /// The S3 API's address; unset: Amazon S3 in `region`.
    pub endpoint: Option<String>,
    pub bucket: Option<String>,
    pub region: Option<String>,
    /// A folder inside the bucket (`corkboard/`); empty: the bucket's root.
    pub prefix: String,
    /// Path-style addresses (`endpoint/bucket/key`), as MinIO and Garage need.
    pub path_style: bool,
    /// Unset: `AWS_ACCESS_KEY_ID` and `AWS_SECRET_ACCESS_KEY` from the environment.
    pub access_key_id: Option<String>,
    pub secret_access_key: Option<String>,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum StorageKind {
    /// The data folder.
    #[default]
    Local,
    /// An S3-compatible bucket.
    S3,
}

/// What one account may hold and run at once; 0 means no limit.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct QuotasConfig {
    /// Pins one account may have.
    pub max_pins_per_user: u64,
    /// Bytes of original pictures one account's pins may take, each pin counted.
    pub max_storage_bytes_per_user: u64,
    /// Bytes of uploaded pictures one account may have waiting to be pinned in `tmp/`.
    pub max_temp_bytes_per_user: u64,
    /// Seconds an uploaded picture waits to be pinned before the clean-up removes it.
    pub temp_file_lifetime_seconds: u64,
    /// Archive imports the whole server spools and runs at once.
    pub imports_at_once: usize,
    /// Seconds an export download may wait for its reader before it is dropped.
    pub unread_export_seconds: u64,
}

impl Default for QuotasConfig {
    fn default() -> Self {
        QuotasConfig {
            max_pins_per_user: 50_000,
            max_storage_bytes_per_user: 10 << 30,
            max_temp_bytes_per_user: 256 << 20,
            temp_file_lifetime_seconds: 60 * 60,
            imports_at_once: 2,
            unread_export_seconds: 5 * 60,
        }
    }
}

impl QuotasConfig {
    /// How long an uploaded picture waits to be pinned (at least a second).
    pub fn temp_file_lifetime(&self) -> Duration {
        Duration::from_secs(self.temp_file_lifetime_seconds.max(1))
    }
}

/// The database file's settings.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DatabaseConfig {
    /// Memory for the database pages read last, in MiB. The system keeps the file in its own
    /// cache anyway; this one saves a copy per page read, and the server's memory grows to it.
    pub cache_mb: usize,
}

impl Default for DatabaseConfig {
    fn default() -> Self {
        DatabaseConfig { cache_mb: 64 }
    }
}

impl DatabaseConfig {
    /// The cache's size in bytes.
    pub fn cache_bytes(&self) -> usize {
        self.cache_mb << 20
    }
}

/// Bounds on the connections clients hold open, so that slow or idle ones cannot starve others.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct HttpConfig {
    /// Seconds a client may take to send a request's head (its first line and headers), from
    /// the connection's start or the end of the answer before; then the connection is closed.
    pub header_timeout_seconds: u64,
    /// Seconds a request body may pause between two of its pieces before the request is given up.
    pub body_idle_seconds: u64,
    /// Connections one client address (one IPv6 /64) may hold open at once; a trusted proxy's
    /// are not counted.
    pub connections_per_address: usize,
    /// Connections open at once in all; 0: as many as the open-file limit allows, less a reserve
    /// for the database, the index and the pictures.
    pub max_connections: usize,
}

impl Default for HttpConfig {
    fn default() -> Self {
        HttpConfig {
            header_timeout_seconds: 10,
            body_idle_seconds: 30,
            connections_per_address: 256,
            max_connections: 0,
        }
    }
}

/// Backups the server makes by itself (`corkboard backup` makes one at any time).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct BackupConfig {
    /// How often, e.g. "24h" or "30m"; unset: no scheduled backups.
    #[serde(with = "duration_text")]
    pub every: Option<Duration>,
    /// How many scheduled backups are kept; older ones are removed. 0 keeps them all.
    pub keep: usize,
    /// The folder of the scheduled backups; unset: `DATA_DIR-backups` beside the data folder.
    pub dir: Option<PathBuf>,
}

impl Default for BackupConfig {
    fn default() -> Self {
        BackupConfig {
            every: None,
            keep: 7,
            dir: None,
        }
    }
}

/// A duration written as people do ("24h", "90s", "1h 30m"), read and written with humantime.
mod duration_text {
    use std::time::Duration;

    use serde::{Deserialize, Deserializer, Serializer};

    pub(crate) fn serialize<S: Serializer>(
        value: &Option<Duration>,
        to: S,
    ) -> Result<S::Ok, S::Error> {
        match value {
            Some(duration) => to.serialize_str(&humantime::format_duration(*duration).to_string()),
            None => to.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(from: D) -> Result<Option<Duration>, D::Error> {
        let Some(text) = Option::<String>::deserialize(from)? else {
            return Ok(None);
        };
        let duration = humantime::parse_duration(&text).map_err(|error| {
            serde::de::Error::custom(format!("{text:?} is not a duration like \"24h\": {error}"))
        })?;
        if duration.is_zero() {
            return Err(serde::de::Error::custom("a duration of zero"));
        }
        Ok(Some(duration))
    }
}

/// Who may create an account, and how people sign in.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct AccountsConfig {
    /// `open`, `invite` or `closed`; unset: open when listening on a loopback address, else
    /// invite.
    pub registration: Option<Registration>,
    /// Signing in and up with a password; off: only the identity provider and passkeys (and
    /// `corkboard admin` for the operator).
    pub passwords: bool,
    /// Signing in through an OpenID Connect provider; off while `issuer` is unset.
    pub oidc: OidcConfig,
}

impl Default for AccountsConfig {
    fn default() -> Self {
        AccountsConfig {
            registration: None,
            passwords: true,
            oidc: OidcConfig::default(),
        }
    }
}

/// An OpenID Connect provider people sign in with (Authentik, Keycloak, Google...).
#[derive(Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct OidcConfig {
    /// The provider's issuer URL, with or without a trailing slash; unset: no provider.
    pub issuer: Option<String>,
    pub client_id: String,
    /// Unset for a public client (PKCE alone).
    pub client_secret: Option<String>,
    /// What the buttons say after 'Sign in with'.
    pub button_label: String,
    pub scopes: Vec<String>,
    /// Whether a first sign-in through the provider may make an account (within
    /// `registration`).
    pub sign_up: bool,
    /// Whether a first sign-in whose email the provider says is verified signs into the
    /// account that has that email.
    pub link_by_verified_email: bool,
    /// Whether the sign-in page goes straight to the provider (`/login/?local=1` shows it).
    pub auto_redirect: bool,
    /// The claim that makes an admin when it equals `admin_value` (or is a list holding it).
    pub admin_claim: String,
    /// Unset: the provider makes no admin.
    pub admin_value: Option<String>,
    /// Whether signing out also ends the provider's session, when it offers that.
    pub end_provider_session: bool,
}

impl Default for OidcConfig {
    fn default() -> Self {
        OidcConfig {
            issuer: None,
            client_id: String::new(),
            client_secret: None,
            button_label: "your identity provider".into(),
            scopes: ["openid", "email", "profile"].map(String::from).to_vec(),
            sign_up: true,
            link_by_verified_email: false,
            auto_redirect: false,
            admin_claim: "groups".into(),
            admin_value: None,
            end_provider_session: true,
        }
    }
}

/// Without the client secret, so that printing the settings never shows it.
impl std::fmt::Debug for OidcConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OidcConfig")
            .field("issuer", &self.issuer)
            .field("client_id", &self.client_id)
            .field("button_label", &self.button_label)
            .field("scopes", &self.scopes)
            .field("sign_up", &self.sign_up)
            .field("link_by_verified_email", &self.link_by_verified_email)
            .field("auto_redirect", &self.auto_redirect)
            .field("admin_claim", &self.admin_claim)
            .field("admin_value", &self.admin_value)
            .field("end_provider_session", &self.end_provider_session)
            .finish_non_exhaustive()
    }
}

impl OidcConfig {
    /// The issuer when a provider is configured, checked: a web address, with a client id.
    pub fn configured_issuer(&self) -> anyhow::Result<Option<url::Url>> {
        let Some(issuer) = self
            .issuer
            .as_deref()
            .filter(|issuer| !issuer.trim().is_empty())
        else {
            return Ok(None);
        };
        let url = url::Url::parse(issuer.trim()).map_err(|error| {
            anyhow::anyhow!("accounts.oidc.issuer {issuer:?} is not a web address: {error}")
        })?;
        if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none() {
            anyhow::bail!("accounts.oidc.issuer {issuer:?} is not an http or https address");
        }
        if url.query().is_some() || url.fragment().is_some() {
            anyhow::bail!("accounts.oidc.issuer {issuer:?} may not have a query or a fragment");
        }
        if self.client_id.trim().is_empty() {
            anyhow::bail!("accounts.oidc.client_id is needed with accounts.oidc.issuer");
        }
        if !self.scopes.iter().any(|scope| scope == "openid") {
            anyhow::bail!("accounts.oidc.scopes must hold \"openid\"");
        }
        Ok(Some(url))
    }
}

/// Who may sign up: anyone, the holders of an admin's invite link, or nobody (admins add
/// accounts with `corkboard admin create-user`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Registration {
    Open,
    Invite,
    Closed,
}

/// The Prometheus metrics at `/metrics`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct MetricsConfig {
    /// A separate address serving `/metrics` to anyone who reaches it (then the main one does
    /// not serve it); unset: the main address serves it to an admin's API key.
    pub listen: Option<SocketAddr>,
}

/// The GraphQL API's developer tools.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ApiConfig {
    /// GraphiQL at `GET /api/graphql` and schema introspection; unset: on only when listening
    /// on a loopback address.
    pub graphiql: Option<bool>,
    /// Who answers GraphQL requests (see `GraphqlExecutor`).
    pub executor: GraphqlExecutor,
    /// How the records a page's fields ask for are read (see `LoadPlanner`).
    pub planner: LoadPlanner,
}

/// How the records a page's fields ask for are read: with what follows from them (`ahead`: a
/// user found by name is read with the board its query asks next, a page of board tiles with
/// their covers, owners and counts, in one round and one read transaction), or each round as
/// the resolvers ask (`plain`: the services asked field by field, batched by round), kept as the
/// reference the benchmark compares with.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LoadPlanner {
    #[default]
    Ahead,
    Plain,
}

/// Who answers GraphQL requests: Corkboard's own answering (`own`: parsed queries kept, objects
/// answered in turn and written as JSON text once) or async-graphql's executor as it comes
/// (`plain`: each query parsed and checked, objects as maps, serde's JSON), kept as the reference
/// the benchmark compares with.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GraphqlExecutor {
    #[default]
    Own,
    Plain,
}

/// How log lines are written to standard error.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct LogConfig {
    pub format: LogFormat,
}

/// `text`: readable lines; `json`: one JSON object per line, for log shippers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    #[default]
    Text,
    Json,
}

/// Rules for fetching pictures and pages from the web.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct FetchConfig {
    /// Allow fetching from loopback, private and link-local addresses.
    pub allow_private_networks: bool,
    /// Non-public networks fetching is allowed from all the same, e.g. `["192.168.1.0/24"]`.
    pub allowed_networks: Vec<ipnet::IpNet>,
    /// Seconds a whole download may take.
    pub timeout_seconds: u64,
    /// Fetch jobs (a download, a page scan, the reading of a Pinry instance) running at once,
    /// on threads of their own; a request waits a few seconds for its turn, then is refused.
    pub jobs_at_once: usize,
    /// Fetch jobs one user may have running at once.
    pub jobs_per_user: usize,
    /// Seconds one fetch job may take in all, however many requests it makes.
    pub job_seconds: u64,
}

/// Outgoing mail: over SMTP when `smtp_host` is set, else written to `DATA_DIR/outbox/`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct MailConfig {
    pub from: String,
    pub smtp_host: Option<String>,
    pub smtp_port: u16,
    pub smtp_username: Option<String>,
    pub smtp_password: Option<String>,
    /// `starttls`, `tls` or `none`.
    pub smtp_security: SmtpSecurity,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SmtpSecurity {
    Starttls,
    Tls,
    None,
}

/// Limits on pictures that come in.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct UploadConfig {
    /// Largest accepted file, in bytes.
    pub max_file_bytes: u64,
    /// Largest accepted picture, in pixels (width times height).
    pub max_pixels: u64,
    /// Memory the pictures being decoded, resized and encoded at once may use, in bytes: each
    /// waits for the share it will need, and one needing more than all of it is refused.
    pub picture_memory_bytes: u64,
    /// Largest accepted export archive for 'Import pins' on the profile page, in bytes.
    pub max_import_bytes: u64,
}

/// How often one address (or one email) may do what costs the server or others: signing up,
/// asking for mails, guessing passwords.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct LimitsConfig {
    /// Accounts one address may create in an hour.
    pub sign_ups_per_hour: u32,
    /// Mails (password reset, email verification) one address may ask for in an hour.
    pub mails_per_hour: u32,
    /// Mails one email address may be sent in an hour.
    pub mails_per_email_per_hour: u32,
    /// Wrong passwords one address may try in 15 minutes, and one address for one account.
    pub sign_in_failures: u32,
    /// Password hashes computed at once (each takes about 19 MiB and a core for a moment).
    pub password_checks_at_once: usize,
}

impl Default for LimitsConfig {
    fn default() -> Self {
        LimitsConfig {
            sign_ups_per_hour: 5,
            mails_per_hour: 10,
            mails_per_email_per_hour: 3,
            sign_in_failures: 5,
            password_checks_at_once: 4,
        }
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            listen: SocketAddr::from(([127, 0, 0, 1], 8080)),
            data_dir: PathBuf::from("./data"),
            public_url: None,
            trusted_proxies: Vec::new(),
            fetch: FetchConfig::default(),
            mail: MailConfig::default(),
            uploads: UploadConfig::default(),
            limits: LimitsConfig::default(),
            api: ApiConfig::default(),
            accounts: AccountsConfig::default(),
            metrics: MetricsConfig::default(),
            log: LogConfig::default(),
            http: HttpConfig::default(),
            backup: BackupConfig::default(),
            storage: StorageConfig::default(),
            database: DatabaseConfig::default(),
            quotas: QuotasConfig::default(),
        }
    }
}

impl Default for FetchConfig {
    fn default() -> Self {
        FetchConfig {
            allow_private_networks: false,
            allowed_networks: Vec::new(),
            timeout_seconds: 30,
            jobs_at_once: 16,
            jobs_per_user: 4,
            job_seconds: 120,
        }
    }
}

impl Default for MailConfig {
    fn default() -> Self {
        MailConfig {
            from: "Corkboard <corkboard@localhost>".into(),
            smtp_host: None,
            smtp_port: 587,
            smtp_username: None,
            smtp_password: None,
            smtp_security: SmtpSecurity::Starttls,
        }
    }
}

impl Default for UploadConfig {
    fn default() -> Self {
        UploadConfig {
            max_file_bytes: 50 * 1024 * 1024,
            max_pixels: 100_000_000,
            picture_memory_bytes: 480 * 1024 * 1024,
            max_import_bytes: 10 * 1024 * 1024 * 1024,
        }
    }
}

/// Values given on the command line; each one present overrides every other layer.
#[derive(Debug, Default, Serialize)]
pub struct FlagOverrides {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub listen: Option<SocketAddr>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub data_dir: Option<PathBuf>,
}

impl Config {
    /// Reads the layers in order. `env` is the process environment, passed in so tests can vary it.
    pub fn load(
        file: Option<&Path>,
        env: impl IntoIterator<Item = (String, String)>,
        flags: FlagOverrides,
    ) -> anyhow::Result<Config> {
        let mut figment = Figment::from(Serialized::defaults(Config::default()));
        if let Some(path) = file {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read the config file {}", path.display()))?;
            figment = figment.merge(Toml::string(&text));
        }
        for (key, value) in env {
            let Some(path) = setting_of_variable(&key) else {
                continue;
            };
            let value: Value = value.parse().unwrap_or_else(|_| Value::from(value));
            figment = figment.merge(Serialized::from(nest(&path, value), Profile::Default));
        }
        figment
            .merge(Serialized::defaults(flags))
            .extract()
            .map_err(|error| anyhow::anyhow!("invalid configuration: {error}"))
    }
}

/// The setting a `CORKBOARD_*` variable names (`CORKBOARD_FETCH__TIMEOUT_SECONDS` names
/// `fetch.timeout_seconds`); `None` for other variables and for names of no setting, which
/// `unknown_variables` reports.
fn setting_of_variable(name: &str) -> Option<String> {
    let path = name
        .strip_prefix("CORKBOARD_")?
        .to_ascii_lowercase()
        .replace("__", ".");
    let defaults = serde_json::to_value(Config::default()).ok()?;
    let mut node = &defaults;
    for part in path.split('.') {
        node = node.as_object()?.get(part)?;
    }
    Some(path)
}

impl Config {
    /// The `CORKBOARD_*` variables among `env` that name no setting: `load` ignores them (another
    /// program may have set them), and the server warns about them by name.
    pub fn unknown_variables(env: impl IntoIterator<Item = (String, String)>) -> Vec<String> {
        env.into_iter()
            .map(|(name, _)| name)
            .filter(|name| name.starts_with("CORKBOARD_") && setting_of_variable(name).is_none())
            .collect()
    }
}

impl Config {
    /// The redb database file.
    pub fn database_path(&self) -> PathBuf {
        self.data_dir.join("corkboard.redb")
    }

    /// Where mails go when no SMTP server is configured.
    pub fn outbox_dir(&self) -> PathBuf {
        self.data_dir.join("outbox")
    }

    /// Avatar pictures, served under `/media/avatars/`.
    pub fn avatars_dir(&self) -> PathBuf {
        self.data_dir.join("avatars")
    }

    /// Pin previews, served under `/media/previews/`.
    pub fn previews_dir(&self) -> PathBuf {
        self.data_dir.join("previews")
    }

    /// Original pictures, served under `/media/originals/`.
    pub fn originals_dir(&self) -> PathBuf {
        self.data_dir.join("originals")
    }

    /// The search index, derived from the database.
    pub fn index_dir(&self) -> PathBuf {
        self.data_dir.join("index")
    }

    /// Where scheduled backups go (see `BackupConfig::dir`).
    pub fn backups_dir(&self) -> PathBuf {
        if let Some(dir) = &self.backup.dir {
            return dir.clone();
        }
        let name = self
            .data_dir
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_else(|| "data".into());
        self.data_dir.with_file_name(format!("{name}-backups"))
    }

    /// Temporary pins waiting for `addPin`, served under `/media/tmp/`.
    pub fn tmp_dir(&self) -> PathBuf {
        self.data_dir.join("tmp")
    }

    /// Whether GraphiQL and introspection are on (see `ApiConfig::graphiql`).
    pub fn graphiql(&self) -> bool {
        self.api
            .graphiql
            .unwrap_or_else(|| self.listen.ip().is_loopback())
    }

    /// Who may sign up (see `AccountsConfig::registration`).
    pub fn registration(&self) -> Registration {
        self.accounts
            .registration
            .unwrap_or(if self.listen.ip().is_loopback() {
                Registration::Open
            } else {
                Registration::Invite
            })
    }

    /// Whether people other than the machine's own reach this server: it listens on an address
    /// other than loopback, or `public_url` names another host (a proxy in front of it).
    pub fn serves_the_public(&self) -> bool {
        let named_elsewhere = self
            .public_url
            .as_deref()
            .and_then(|address| url::Url::parse(address).ok())
            .is_some_and(|address| match address.host() {
                Some(url::Host::Domain(name)) => name != "localhost",
                Some(url::Host::Ipv4(ip)) => !ip.is_loopback(),
                Some(url::Host::Ipv6(ip)) => !ip.is_loopback(),
                None => false,
            });
        !self.listen.ip().is_loopback() || named_elsewhere
    }

    /// The public address without a trailing slash, or the listening address.
    pub fn public_base_url(&self) -> String {
        match &self.public_url {
            Some(url) => url.trim_end_matches('/').to_owned(),
            None => format!("http://{}", self.listen),
        }
    }
}
