//! Real parts for the HTTPS tests: Debian's `pebble` (the ACME test CA) with
//! `pebble-challtestsrv` as its DNS (every name resolves to 127.0.0.1), the binary started
//! as the office starts it with its log kept, a TLS client that reports the certificate a
//! server presents, and curl for verified HTTP/2 requests.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};

use crate::common::process::BINARY;

/// A port free right now on 127.0.0.1.
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("free port")
        .port()
}

/// Polls `check` every 200 ms until it is true or `limit` passes; true if it became true.
pub fn eventually(limit: Duration, mut check: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if check() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    check()
}

/// A CA and a certificate it signed for `localhost` and 127.0.0.1: the test CA's own HTTPS.
pub struct LocalCa {
    pub root_pem: String,
    pub leaf_pem: String,
    pub leaf_key_pem: String,
}

impl LocalCa {
    pub fn new() -> LocalCa {
        use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, Issuer, KeyPair};
        let ca_key = KeyPair::generate().expect("ca key");
        let mut ca_params = CertificateParams::new(Vec::<String>::new()).expect("ca params");
        ca_params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        ca_params
            .distinguished_name
            .push(DnType::CommonName, "corpsite tests' CA");
        let root = ca_params.self_signed(&ca_key).expect("ca cert");
        let issuer = Issuer::new(ca_params, ca_key);
        let leaf_key = KeyPair::generate().expect("leaf key");
        let leaf = CertificateParams::new(vec!["localhost".to_owned(), "127.0.0.1".to_owned()])
            .expect("leaf params")
            .signed_by(&leaf_key, &issuer)
            .expect("leaf cert");
        LocalCa {
            root_pem: root.pem(),
            leaf_pem: leaf.pem(),
            leaf_key_pem: leaf_key.serialize_pem(),
        }
    }
}

/// A self-signed certificate and key for `names`, as PEM.
pub fn self_signed(names: &[&str]) -> (String, String) {
    let key = rcgen::KeyPair::generate().expect("key");
    let names: Vec<String> = names.iter().map(|n| (*n).to_owned()).collect();
    let cert = rcgen::CertificateParams::new(names)
        .expect("params")
        .self_signed(&key)
        .expect("cert");
    (cert.pem(), key.serialize_pem())
}

/// pebble and its DNS, stopped on drop.
pub struct Pebble {
    pub dir: tempfile::TempDir,
    pub directory_url: String,
    /// Trust this for pebble's own HTTPS (`--acme-ca-root`).
    pub ca_root: PathBuf,
    /// The port pebble fetches HTTP-01 answers from: the site's `--http-addr`.
    pub http_port: u16,
    management_port: u16,
    pebble: Option<Child>,
    dns: Child,
}

impl Pebble {
    pub fn start() -> Pebble {
        let dir = tempfile::tempdir().expect("dir");
        let ca = LocalCa::new();
        let write = |name: &str, text: &str| {
            let path = dir.path().join(name);
            std::fs::write(&path, text).expect("write");
            path
        };
        let ca_root = write("ca-root.pem", &ca.root_pem);
        let cert = write("pebble-cert.pem", &ca.leaf_pem);
        let key = write("pebble-key.pem", &ca.leaf_key_pem);
        let (acme_port, management_port, http_port, dns_port) =
            (free_port(), free_port(), free_port(), free_port());
        let config = serde_json::json!({
            "pebble": {
                "listenAddress": format!("127.0.0.1:{acme_port}"),
                "managementListenAddress": format!("127.0.0.1:{management_port}"),
                "certificate": cert,
                "privateKey": key,
                "httpPort": http_port,
                "tlsPort": free_port(),
                "ocspResponderURL": "",
                "externalAccountBindingRequired": false
            }
        });
        let config_path = write("pebble.json", &config.to_string());
        let log = |name: &str| std::fs::File::create(dir.path().join(name)).expect("log");
        let dns = Command::new("pebble-challtestsrv")
            .args([
                "-defaultIPv4",
                "127.0.0.1",
                "-defaultIPv6",
                "",
                "-dns01",
                &format!("127.0.0.1:{dns_port}"),
                "-http01",
                "",
                "-https01",
                "",
                "-tlsalpn01",
                "",
                "-management",
                &format!("127.0.0.1:{}", free_port()),
            ])
            .stdout(log("dns.log"))
            .stderr(Stdio::null())
            .spawn()
            .expect("start pebble-challtestsrv (Debian package pebble; .ci/run installs it)");
        let pebble = Command::new("pebble")
            .args(["-config"])
            .arg(&config_path)
            .args([
                "-dnsserver",
                &format!("127.0.0.1:{dns_port}"),
                "-strict=false",
            ])
            .env("PEBBLE_VA_NOSLEEP", "1")
            .stdout(log("pebble.log"))
            .stderr(Stdio::null())
            .spawn()
            .expect("start pebble (Debian package pebble; .ci/run installs it)");
        let up = eventually(Duration::from_secs(20), || {
            TcpStream::connect(("127.0.0.1", acme_port)).is_ok()
                && TcpStream::connect(("127.0.0.1", management_port)).is_ok()
        });
        assert!(up, "pebble did not start");
        Pebble {
            directory_url: format!("https://localhost:{acme_port}/dir"),
            ca_root,
            http_port,
            management_port,
            pebble: Some(pebble),
            dns,
            dir,
        }
    }

    /// The root pebble issues under (new each run), as a PEM file for curl.
    pub fn issuing_root(&self) -> PathBuf {
        let path = self.dir.path().join("issuing-root.pem");
        let status = Command::new("curl")
            .args(["-sSf", "--cacert"])
            .arg(&self.ca_root)
            .arg(format!(
                "https://localhost:{}/roots/0",
                self.management_port
            ))
            .arg("-o")
            .arg(&path)
            .status()
            .expect("run curl");
        assert!(status.success(), "cannot fetch pebble's root");
        path
    }

    /// Stops the CA: renewals from now on fail.
    pub fn stop(&mut self) {
        if let Some(mut pebble) = self.pebble.take() {
            let _ = pebble.kill();
            let _ = pebble.wait();
        }
    }
}

impl Drop for Pebble {
    fn drop(&mut self) {
        self.stop();
        let _ = self.dns.kill();
        let _ = self.dns.wait();
    }
}

/// The binary serving HTTPS, its log in a file; killed on drop.
pub struct HttpsSite {
    pub child: Child,
    pub https: SocketAddr,
    pub log: PathBuf,
}

impl HttpsSite {
    /// Starts `corpsite serve ARGS` with its data in `data_dir` (the demo content copied in
    /// when it is empty) and waits for the serving line.
    pub fn start(data_dir: &Path, args: &[&str]) -> HttpsSite {
        if std::fs::read_dir(data_dir).map_or(true, |mut entries| entries.next().is_none()) {
            crate::common::seeded::seeded_data_dir(data_dir);
        }
        let log = data_dir.with_extension(format!("{}.log", free_port()));
        let mut child = Command::new(BINARY)
            .arg("serve")
            .arg("--data-dir")
            .arg(data_dir)
            .args(args)
            .env("RUST_LOG", "corpsite=info")
            .env("NO_COLOR", "1")
            .env("CORPSITE_ADMIN_ADDR", "off")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&log).expect("log"))
            .spawn()
            .expect("start corpsite");
        let stdout = child.stdout.take().expect("stdout");
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("read the serving line");
        let https = line
            .split(" on ")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|addr| addr.parse().ok())
            .unwrap_or_else(|| {
                panic!(
                    "no HTTPS address in {line:?}; log: {}",
                    std::fs::read_to_string(&log).unwrap_or_default()
                )
            });
        HttpsSite { child, https, log }
    }

    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    pub fn signal(&self, signal: &str) {
        let status = Command::new("kill")
            .args([signal, &self.child.id().to_string()])
            .status()
            .expect("kill");
        assert!(status.success());
    }

    pub fn running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }
}

impl Drop for HttpsSite {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The leaf certificate (DER) a TLS server at `addr` presents for `name`, whoever signed it;
/// `None` when the handshake fails.
pub fn presented_certificate(addr: SocketAddr, name: &str) -> Option<Vec<u8>> {
    let config = rustls::ClientConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .ok()?
    .dangerous()
    .with_custom_certificate_verifier(Arc::new(AnyCertificate))
    .with_no_client_auth();
    let server = ServerName::try_from(name.to_owned()).ok()?;
    let mut connection = rustls::ClientConnection::new(Arc::new(config), server).ok()?;
    let mut socket = TcpStream::connect(addr).ok()?;
    socket.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    while connection.is_handshaking() {
        connection.complete_io(&mut socket).ok()?;
    }
    let leaf = connection.peer_certificates()?.first()?.to_vec();
    let _ = socket.write_all(b"");
    Some(leaf)
}

/// The first certificate (DER) of a PEM file.
pub fn first_certificate(pem_file: &Path) -> Option<Vec<u8>> {
    let pem = std::fs::read(pem_file).ok()?;
    let first = CertificateDer::pem_slice_iter(&pem).next()?.ok()?;
    Some(first.to_vec())
}

/// What curl saw of one HTTPS request, verifying the chain against `root`.
pub struct CurlAnswer {
    pub status: u16,
    pub http_version: String,
    pub head: String,
}

pub fn curl(root: &Path, name: &str, addr: SocketAddr, path: &str, extra: &[&str]) -> CurlAnswer {
    let output = Command::new("curl")
        .args([
            "-sS",
            "-o",
            "/dev/null",
            "-D",
            "-",
            "-w",
            "%{http_code} %{http_version}",
        ])
        .arg("--cacert")
        .arg(root)
        .arg("--resolve")
        .arg(format!("{name}:{}:127.0.0.1", addr.port()))
        .args(extra)
        .arg(format!("https://{name}:{}{path}", addr.port()))
        .output()
        .expect("run curl");
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let (head, last) = text.rsplit_once("\r\n\r\n").unwrap_or(("", &text));
    let mut parts = last.split_whitespace();
    CurlAnswer {
        status: parts.next().and_then(|s| s.parse().ok()).unwrap_or(0),
        http_version: parts.next().unwrap_or("").to_owned(),
        head: head.to_ascii_lowercase(),
    }
}

/// The body of one verified HTTPS GET.
pub fn curl_body(root: &Path, name: &str, addr: SocketAddr, path: &str) -> String {
    let output = Command::new("curl")
        .args(["-sS", "--cacert"])
        .arg(root)
        .arg("--resolve")
        .arg(format!("{name}:{}:127.0.0.1", addr.port()))
        .arg(format!("https://{name}:{}{path}", addr.port()))
        .output()
        .expect("run curl");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Sends raw bytes to `addr` and reads until the server closes (at most `limit`).
pub fn exchange(addr: SocketAddr, bytes: &[u8], limit: Duration) -> Vec<u8> {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream.set_read_timeout(Some(limit)).expect("timeout");
    stream.write_all(bytes).expect("write");
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    answer
}

#[derive(Debug)]
struct AnyCertificate;

impl rustls::client::danger::ServerCertVerifier for AnyCertificate {
    fn verify_server_cert(
        &self,
        _end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        _now: UnixTime,
    ) -> Result<rustls::client::danger::ServerCertVerified, rustls::Error> {
        Ok(rustls::client::danger::ServerCertVerified::assertion())
    }

    fn verify_tls12_signature(
        &self,
        _message: &[u8],
        _cert: &CertificateDer<'_>,
        _dss: &rustls::DigitallySignedStruct,
    ) -> Result<rustls::client::danger::HandshakeSignatureValid, rustls::Error> {
        Ok(rustls::client::danger::HandshakeSignatureValid::assertion())
    }

    fn verify_tls13_signature(
        &self,
        _message: &[u8],
        _cert: &CertificateDer<'_>,
        _dss: &rustls::DigitallySignedStruct,
    ) -> Result<rustls::client::danger::HandshakeSignatureValid, rustls::Error> {
        Ok(rustls::client::danger::HandshakeSignatureValid::assertion())
    }

    fn supported_verify_schemes(&self) -> Vec<rustls::SignatureScheme> {
        rustls::crypto::ring::default_provider()
            .signature_verification_algorithms
            .supported_schemes()
    }
}

/// The office's own certificate files, written to `dir`.
pub fn own_files(dir: &Path, names: &[&str]) -> (String, String) {
    let (cert, key) = self_signed(names);
    std::fs::write(dir.join("site.crt"), &cert).expect("cert");
    std::fs::write(dir.join("site.key"), &key).expect("key");
    (cert, key)
}

/// The binary serving the office's own files from `files`, its HTTP port on `http_port`.
pub fn files_site(data: &Path, files: &Path, http_port: u16, extra: &[&str]) -> HttpsSite {
    let cert = files.join("site.crt");
    let key = files.join("site.key");
    let http = format!("127.0.0.1:{http_port}");
    let mut args = vec![
        "--tls-cert",
        cert.to_str().expect("path"),
        "--tls-key",
        key.to_str().expect("path"),
        "--https-addr",
        "127.0.0.1:0",
        "--http-addr",
        &http,
    ];
    args.extend_from_slice(extra);
    let args: Vec<String> = args.into_iter().map(str::to_owned).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    HttpsSite::start(data, &args)
}

/// Opens an HTTP/2 connection over TLS (ALPN h2) to `addr`, sends the client preface and an
/// empty SETTINGS frame, then never acknowledges the server's SETTINGS and never asks for
/// anything. Answers how long the server took to close it (`limit` if it never did).
pub fn silent_http2_client(addr: SocketAddr, name: &str, limit: Duration) -> Duration {
    let mut config = rustls::ClientConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .expect("versions")
    .dangerous()
    .with_custom_certificate_verifier(Arc::new(AnyCertificate))
    .with_no_client_auth();
    config.alpn_protocols = vec![b"h2".to_vec()];
    let server = ServerName::try_from(name.to_owned()).expect("name");
    let mut connection = rustls::ClientConnection::new(Arc::new(config), server).expect("tls");
    let mut socket = TcpStream::connect(addr).expect("connect");
    socket
        .set_read_timeout(Some(Duration::from_millis(500)))
        .expect("timeout");
    let started = Instant::now();
    let mut tls = rustls::Stream::new(&mut connection, &mut socket);
    // The preface, then SETTINGS with no parameters (length 0, type 4, no flags, stream 0).
    tls.write_all(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n\x00\x00\x00\x04\x00\x00\x00\x00\x00")
        .expect("preface");
    assert_eq!(tls.conn.alpn_protocol(), Some(&b"h2"[..]), "ALPN chose h2");
    let mut buf = [0u8; 4096];
    while started.elapsed() < limit {
        match tls.read(&mut buf) {
            Ok(0) => return started.elapsed(),
            Ok(_) => {}
            Err(err)
                if matches!(
                    err.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) => {}
            Err(_) => return started.elapsed(),
        }
    }
    limit
}
