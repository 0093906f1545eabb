//! A real S3 API server for the tests: `moto_server` (PyPI's `moto[server]`) on 127.0.0.1 with
//! a free port, and an independent client (object_store) to look into its buckets.

use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use corkboard_domain::config::{StorageConfig, StorageKind};
use futures_util::TryStreamExt;
use object_store::aws::AmazonS3Builder;
use object_store::path::Path;
use object_store::{ObjectStore, ObjectStoreExt};

pub struct Moto {
    child: Option<Child>,
    pub port: u16,
}

impl Moto {
    /// Starts moto; `None`, with a message, when it is not installed (outside CI only: there,
    /// a missing moto fails the test).
    pub fn start() -> Option<Moto> {
        if Command::new("moto_server")
            .arg("--help")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_err()
        {
            assert!(
                std::env::var_os("CI").is_none(),
                "moto_server is missing: .ci/run installs it (pip install 'moto[server]')"
            );
            eprintln!("skipped: moto_server is not installed (pip install 'moto[server]')");
            return None;
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let mut moto = Moto { child: None, port };
        moto.run();
        Some(moto)
    }

    /// Starts the server (again, empty: moto keeps its buckets in memory) and waits for it.
    pub fn run(&mut self) {
        let child = Command::new("moto_server")
            .args(["-H", "127.0.0.1", "-p", &self.port.to_string()])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("moto_server starts");
        self.child = Some(child);
        let deadline = Instant::now() + Duration::from_secs(30);
        while TcpStream::connect(("127.0.0.1", self.port)).is_err() {
            assert!(Instant::now() < deadline, "moto_server did not start");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Stops the server, as an outage would.
    pub fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    pub fn endpoint(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// Makes a bucket.
    pub async fn create_bucket(&self, bucket: &str) {
        let made = reqwest::Client::new()
            .put(format!("{}/{bucket}", self.endpoint()))
            .send()
            .await
            .unwrap();
        assert!(made.status().is_success(), "{}", made.status());
    }

    /// The settings of S3 storage in `bucket`.
    pub fn storage(&self, bucket: &str) -> StorageConfig {
        StorageConfig {
            kind: StorageKind::S3,
            endpoint: Some(self.endpoint()),
            bucket: Some(bucket.to_owned()),
            region: Some("us-east-1".into()),
            path_style: true,
            access_key_id: Some("testing".into()),
            secret_access_key: Some("testing".into()),
            ..StorageConfig::default()
        }
    }

    /// A client of the bucket of our own, independent of the server's.
    pub fn client(&self, bucket: &str) -> Arc<dyn ObjectStore> {
        let _ = rustls::crypto::ring::default_provider().install_default();
        let store = AmazonS3Builder::new()
            .with_endpoint(self.endpoint())
            .with_allow_http(true)
            .with_bucket_name(bucket)
            .with_region("us-east-1")
            .with_access_key_id("testing")
            .with_secret_access_key("testing")
            .build()
            .unwrap();
        Arc::new(store)
    }

    /// Every key in `bucket`, sorted.
    pub async fn keys(&self, bucket: &str) -> Vec<String> {
        let found: Vec<_> = self.client(bucket).list(None).try_collect().await.unwrap();
        let mut keys: Vec<String> = found
            .into_iter()
            .map(|meta| meta.location.to_string())
            .collect();
        keys.sort();
        keys
    }

    pub async fn read(&self, bucket: &str, key: &str) -> Vec<u8> {
        let found = self.client(bucket).get(&Path::from(key)).await.unwrap();
        found.bytes().await.unwrap().to_vec()
    }

    pub async fn write(&self, bucket: &str, key: &str, bytes: Vec<u8>) {
        self.client(bucket)
            .put(&Path::from(key), bytes.into())
            .await
            .unwrap();
    }
}

impl Drop for Moto {
    fn drop(&mut self) {
        self.stop();
    }
}
