package lorsetup

import "testing"

func TestPlain(t *testing.T) {
	cases := []struct{ in, want string }{
		{"choose your role first (choose-role): the team's gear value limit depends on it", "choose your role first: the team's gear value limit depends on it"},
		{"choose a table side first (choose-side)", "choose a table side first"},
		{"give your own team another id (or choose-team team=x)", "give your own team another id (or choose-team team=x)"},
		{"it is the pre-game: place your infiltrators (infiltrate) and say ready", "it is the pre-game: place your infiltrators and say ready"},
		{"the south side is taken by alice", "the south side is taken by alice"},
	}
	for _, tc := range cases {
		if got := plain(tc.in); got != tc.want {
			t.Errorf("plain(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
