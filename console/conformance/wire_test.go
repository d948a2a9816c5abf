package conformance

import "testing"

func TestRoundTrip(t *testing.T) {
	type inner struct {
		N int `json:"n"`
	}
	type view struct {
		List  []inner        `json:"list"`
		Any   any            `json:"any,omitempty"`
		Map   map[string]int `json:"map,omitempty"`
		Ptr   *inner         `json:"ptr,omitempty"`
		Empty []string       `json:"empty"`
	}
	tests := []struct {
		name string
		v    any
		ok   bool
	}{
		{"plain", view{List: []inner{{1}, {2}}, Map: map[string]int{"b": 2, "a": 1}, Ptr: &inner{3}}, true},
		{"nil and empty slices", view{List: nil, Empty: []string{}}, true},
		{"an interface holding an int decodes as another integer type", view{Any: 5}, false},
		{"an interface holding a struct decodes as a map", view{Any: inner{1}}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := RoundTrip(tc.v)
			if (err == nil) != tc.ok {
				t.Errorf("RoundTrip = %v, want ok %v", err, tc.ok)
			}
		})
	}
}
