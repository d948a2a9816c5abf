package lorscreen

import "testing"

func TestPlainLeavesOutCommandNames(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"an attack is declared: roll its dice (roll) or cancel it (cancel-attack) first", "an attack is declared: roll its dice or cancel it first"},
		{"choose your role first (choose-role)", "choose your role first"},
		{"ask to take it back with request-undo (request-undo what=command)", "ask to take it back with request-undo"},
		{"the hit (power 3) stays", "the hit (power 3) stays"},
		{"no command here", "no command here"},
	} {
		if got := plain(tc.in); got != tc.want {
			t.Errorf("plain(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
