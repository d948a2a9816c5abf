//go:build linux

package discovery

// netnsEnv marks the copy of the test binary that runs inside a fresh
// network namespace (linktest.RunInNetns), where the real-mDNS tests run.
const netnsEnv = "CC_DISCOVERY_IN_NETNS"
