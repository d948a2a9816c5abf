package content

import (
	"testing"
	"testing/fstest"
)

// FuzzLoad feeds arbitrary maps.json and characters.json to Load (the other
// files as shipped): it must never panic, and what loads must answer the
// geometry helpers.
func FuzzLoad(f *testing.F) {
	base := shipped(f)
	f.Add(base[MapsFile].Data, base[CharactersFile].Data)
	f.Add([]byte(`{"maps": [{"id": "m", "name": "M", "width": 10, "height": 10, "strip": 1, "sides": ["north","south"],
		"sections": [{"id": "a", "label": "A", "kind": "open", "polygon": [[0,0],[10,0],[10,10],[0,10]]}]}]}`), []byte(`{"characters": [], "teams": []}`))
	f.Add([]byte(`{"maps": [{"id": "m", "width": 10000, "height": -1, "sections": [{"polygon": [[0,0],[1,1]]}]}]}`), []byte(`{}`))
	f.Fuzz(func(t *testing.T, maps, chars []byte) {
		files := fstest.MapFS{}
		for k, v := range base {
			files[k] = v
		}
		files[MapsFile] = &fstest.MapFile{Data: maps}
		files[CharactersFile] = &fstest.MapFile{Data: chars}
		c, err := Load(files)
		if err != nil {
			return
		}
		for i := range c.Maps {
			m := &c.Maps[i]
			for _, p := range []Point{{0, 0}, {m.Width / 2, m.Height / 2}, {-1, -1}} {
				m.SectionAt(p)
				for _, s := range Sides {
					if back := m.FromView(s, m.ToView(s, p)); back != p {
						t.Fatalf("rotation round trip %v → %v", p, back)
					}
				}
			}
			for _, s := range m.Sections {
				m.Adjacent(s.ID)
			}
		}
	})
}
