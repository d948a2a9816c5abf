// Package version is the application's version, one constant for every
// binary: the app, ccctl, and the LAN handshake (wire.Hello.App), so a
// player told "the host runs Command Console 0.2.0" reads the same number
// as the app's About and FyneApp.toml.
package version

// App is the application's version. It must equal FyneApp.toml's
// [Details] Version (a test checks it).
const App = "0.1.0"
