//! Media files in an S3-compatible bucket, through `object_store`. Its calls run on a small
//! runtime of their own, so that blocking picture work and the async server can both wait for
//! them; short timeouts and few retries make an unreachable bucket a prompt, clear error.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use futures_util::{StreamExt, TryStreamExt};
use object_store::aws::{AmazonS3, AmazonS3Builder};
use object_store::path::Path;
use object_store::signer::{Method, Signer};
use object_store::{
    Attribute, Attributes, BackoffConfig, ClientOptions, GetOptions, GetRange, GetResult,
    ObjectStore, ObjectStoreExt, PutOptions, RetryConfig,
};
use tokio::runtime::Runtime;
use url::Url;

use crate::media::storage::StoredFile;
use corkboard_domain::config::StorageConfig;
use corkboard_domain::error::{AppError, AppResult};

pub struct S3Media {
    store: Arc<AmazonS3>,
    bucket: String,
    /// Empty, or a folder ending in `/`.
    prefix: String,
    /// Always `Some` until dropped.
    runtime: Option<Runtime>,
}

impl S3Media {
    pub fn new(settings: &StorageConfig) -> anyhow::Result<S3Media> {
        // rustls with ring, as the rest of the binary uses; a second call changes nothing.
        let _ = rustls::crypto::ring::default_provider().install_default();
        let bucket = settings
            .bucket
            .clone()
            .filter(|bucket| !bucket.is_empty())
            .context("storage.bucket is not set: S3 storage needs a bucket")?;
        let retry = RetryConfig {
            backoff: BackoffConfig {
                init_backoff: Duration::from_millis(100),
                max_backoff: Duration::from_secs(1),
                base: 2.0,
            },
            max_retries: 2,
            retry_timeout: Duration::from_secs(10),
        };
        let endpoint = settings.endpoint.as_deref().unwrap_or_default();
        let client = ClientOptions::new()
            .with_connect_timeout(Duration::from_secs(3))
            .with_timeout(Duration::from_secs(60))
            .with_allow_http(endpoint.starts_with("http://"));
        let mut builder = AmazonS3Builder::from_env()
            .with_bucket_name(&bucket)
            .with_region(settings.region.as_deref().unwrap_or("us-east-1"))
            .with_virtual_hosted_style_request(!settings.path_style)
            .with_retry(retry)
            .with_client_options(client);
        if !endpoint.is_empty() {
            let endpoint = match settings.path_style {
                true => endpoint.to_owned(),
                false => virtual_hosted(endpoint, &bucket)?,
            };
            builder = builder.with_endpoint(endpoint);
        }
        if let Some(key) = &settings.access_key_id {
            builder = builder.with_access_key_id(key);
        }
        if let Some(secret) = &settings.secret_access_key {
            builder = builder.with_secret_access_key(secret);
        }
        let store = builder.build().context("invalid S3 storage settings")?;
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("storage")
            .enable_all()
            .build()
            .context("cannot start the storage's threads")?;
        let prefix = settings.prefix.trim_matches('/');
        Ok(S3Media {
            store: Arc::new(store),
            bucket,
            prefix: if prefix.is_empty() {
                String::new()
            } else {
                format!("{prefix}/")
            },
            runtime: Some(runtime),
        })
    }

    pub fn describe(&self) -> String {
        format!("s3://{}/{}", self.bucket, self.prefix)
    }

    fn location(&self, key: &str) -> Path {
        Path::from(format!("{}{key}", self.prefix))
    }

    pub fn put(&self, key: &str, bytes: Vec<u8>) -> AppResult<()> {
        let (store, location) = (self.store.clone(), self.location(key));
        let mut attributes = Attributes::new();
        let content_type = mime_guess::from_path(key).first_or_octet_stream();
        attributes.insert(Attribute::ContentType, content_type.to_string().into());
        let options = PutOptions {
            attributes,
            ..PutOptions::default()
        };
        self.wait(async move {
            store.put_opts(&location, bytes.into(), options).await?;
            Ok(())
        })
    }

    pub fn read(&self, key: &str) -> AppResult<Option<Vec<u8>>> {
        let (store, location) = (self.store.clone(), self.location(key));
        self.wait(async move {
            match store.get(&location).await {
                Ok(found) => Ok(Some(found.bytes().await?.to_vec())),
                Err(object_store::Error::NotFound { .. }) => Ok(None),
                Err(error) => Err(error),
            }
        })
    }

    pub fn exists(&self, key: &str) -> AppResult<bool> {
        let (store, location) = (self.store.clone(), self.location(key));
        self.wait(async move {
            match store.head(&location).await {
                Ok(_) => Ok(true),
                Err(object_store::Error::NotFound { .. }) => Ok(false),
                Err(error) => Err(error),
            }
        })
    }

    /// Removes the files of `keys`; missing ones are no error.
    pub fn remove(&self, keys: &[String]) -> AppResult<()> {
        if keys.is_empty() {
            return Ok(());
        }
        let store = self.store.clone();
        let locations: Vec<object_store::Result<Path>> =
            keys.iter().map(|key| Ok(self.location(key))).collect();
        self.wait(async move {
            let mut removed = store.delete_stream(futures_util::stream::iter(locations).boxed());
            while let Some(result) = removed.next().await {
                match result {
                    Ok(_) | Err(object_store::Error::NotFound { .. }) => {}
                    Err(error) => return Err(error),
                }
            }
            Ok(())
        })
    }

    pub fn list(&self, prefix: &str) -> AppResult<Vec<StoredFile>> {
        let (store, location) = (self.store.clone(), self.location(prefix));
        let ours = self.prefix.len();
        self.wait(async move {
            let found: Vec<_> = store.list(Some(&location)).try_collect().await?;
            Ok(found
                .into_iter()
                .map(|meta| StoredFile {
                    key: meta.location.as_ref()[ours..].to_owned(),
                    size: meta.size,
                    modified: Some(meta.last_modified),
                })
                .collect())
        })
    }

    /// The file of `key`, or the part `range` names; `None` when there is none, and `Ok(Err)`
    /// when the browser's copy, named by `if_none_match`, is still the file.
    pub async fn get(
        &self,
        key: &str,
        range: Option<GetRange>,
        if_none_match: Option<String>,
    ) -> AppResult<Option<Result<GetResult, NotModified>>> {
        let (store, location) = (self.store.clone(), self.location(key));
        self.call(async move {
            let options = GetOptions {
                range,
                if_none_match,
                ..GetOptions::default()
            };
            match store.get_opts(&location, options).await {
                Ok(found) => Ok(Some(Ok(found))),
                Err(object_store::Error::NotModified { .. }) => Ok(Some(Err(NotModified))),
                Err(object_store::Error::NotFound { .. }) => Ok(None),
                Err(error) => Err(error),
            }
        })
        .await
    }

    /// The size of the file of `key`, `None` when there is none.
    pub async fn size(&self, key: &str) -> AppResult<Option<u64>> {
        let (store, location) = (self.store.clone(), self.location(key));
        self.call(async move {
            match store.head(&location).await {
                Ok(meta) => Ok(Some(meta.size)),
                Err(object_store::Error::NotFound { .. }) => Ok(None),
                Err(error) => Err(error),
            }
        })
        .await
    }

    /// A URL that reads the file of `key` without credentials, for `lasting`.
    pub async fn presigned(&self, key: &str, lasting: Duration) -> AppResult<Url> {
        let (store, location) = (self.store.clone(), self.location(key));
        self.call(async move { store.signed_url(Method::GET, &location, lasting).await })
            .await
    }

    fn runtime(&self) -> &Runtime {
        self.runtime
            .as_ref()
            .expect("the storage's runtime runs until dropped")
    }

    /// Runs `work` on the storage's runtime and waits for it, from any thread.
    fn wait<T: Send + 'static>(
        &self,
        work: impl Future<Output = object_store::Result<T>> + Send + 'static,
    ) -> AppResult<T> {
        let (sender, receiver) = std::sync::mpsc::sync_channel(1);
        self.runtime().spawn(async move {
            let _ = sender.send(work.await);
        });
        receiver
            .recv()
            .map_err(|_| AppError::Internal(anyhow::anyhow!("the storage's runtime stopped")))?
            .map_err(unavailable)
    }

    /// Runs `work` on the storage's runtime, for async callers.
    async fn call<T: Send + 'static>(
        &self,
        work: impl Future<Output = object_store::Result<T>> + Send + 'static,
    ) -> AppResult<T> {
        self.runtime()
            .spawn(work)
            .await
            .map_err(|error| AppError::Internal(error.into()))?
            .map_err(unavailable)
    }
}

impl Drop for S3Media {
    fn drop(&mut self) {
        // Dropping a runtime waits for its threads, which an async caller may not do.
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

/// The browser's copy is the stored file.
#[derive(Debug)]
pub struct NotModified;

fn unavailable(error: object_store::Error) -> AppError {
    AppError::StorageUnavailable(error.into())
}

/// A virtual-hosted endpoint names the bucket in its host: `https://s3.example.com` becomes
/// `https://bucket.s3.example.com` unless it already starts with the bucket.
fn virtual_hosted(endpoint: &str, bucket: &str) -> anyhow::Result<String> {
    let mut url = Url::parse(endpoint).context("storage.endpoint is not a web address")?;
    let host = url.host_str().context("storage.endpoint has no host")?;
    if !host.starts_with(&format!("{bucket}.")) {
        let named = format!("{bucket}.{host}");
        url.set_host(Some(&named))
            .context("storage.endpoint cannot name the bucket")?;
    }
    Ok(url.as_str().trim_end_matches('/').to_owned())
}

#[cfg(test)]
mod tests {
    use super::virtual_hosted;

    #[test]
    fn a_virtual_hosted_endpoint_names_the_bucket_once() {
        let named = virtual_hosted("https://acc.r2.cloudflarestorage.com", "pins").unwrap();
        assert_eq!(named, "https://pins.acc.r2.cloudflarestorage.com");
        assert_eq!(virtual_hosted(&named, "pins").unwrap(), named);
    }
}
