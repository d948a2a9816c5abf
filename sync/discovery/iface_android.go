//go:build android

package discovery

import (
	"net"

	"github.com/wlynxg/anet"
)

// On Android 11 and later net.Interfaces fails (the netlink request it
// makes is refused to apps); github.com/wlynxg/anet lists the interfaces
// and their addresses with the requests Android still allows.

func listInterfaces() ([]net.Interface, error) { return anet.Interfaces() }

func interfaceAddrs(ifi *net.Interface) ([]net.Addr, error) {
	return anet.InterfaceAddrsByInterface(ifi)
}
