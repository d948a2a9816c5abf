//go:build !android

package discovery

import "net"

func listInterfaces() ([]net.Interface, error) { return net.Interfaces() }

func interfaceAddrs(ifi *net.Interface) ([]net.Addr, error) { return ifi.Addrs() }
