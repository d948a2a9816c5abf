package store

import "testing"

func TestSeqKeyOrder(t *testing.T) {
	seqs := []uint64{0, 1, 255, 256, 65535, 1 << 32, 1<<64 - 1}
	for i := 1; i < len(seqs); i++ {
		a, b := seqKey(seqs[i-1]), seqKey(seqs[i])
		if string(a) >= string(b) {
			t.Errorf("seqKey(%d) does not sort before seqKey(%d)", seqs[i-1], seqs[i])
		}
		if got, ok := keySeq(b); !ok || got != seqs[i] {
			t.Errorf("keySeq(seqKey(%d)) = %d, %t", seqs[i], got, ok)
		}
	}
	if _, ok := keySeq([]byte{1, 2}); ok {
		t.Error("keySeq accepted a 2-byte key")
	}
}
