package apptest

import (
	"errors"
	"sort"
	"strings"
)

// MemRosters is a roster store in memory (play.RosterStore), for screens
// that keep records across games.
type MemRosters map[string][]byte

// PutRoster keeps data under kind and name.
func (m MemRosters) PutRoster(kind, name string, data []byte) error {
	m[kind+"/"+name] = data
	return nil
}

// Roster returns the record kept under kind and name.
func (m MemRosters) Roster(kind, name string) ([]byte, error) {
	b, ok := m[kind+"/"+name]
	if !ok {
		return nil, errors.New("no such roster")
	}
	return b, nil
}

// Rosters lists the names kept under kind, sorted.
func (m MemRosters) Rosters(kind string) ([]string, error) {
	var out []string
	for k := range m {
		if n, ok := strings.CutPrefix(k, kind+"/"); ok {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out, nil
}

// DeleteRoster forgets the record under kind and name.
func (m MemRosters) DeleteRoster(kind, name string) error {
	delete(m, kind+"/"+name)
	return nil
}
