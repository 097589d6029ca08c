package cluster

import "testing"

// TestChallengeNode checks which paths name the node holding a challenge:
// the lobby's and the bot API's answers to a challenge, and nothing else.
func TestChallengeNode(t *testing.T) {
	for _, tc := range []struct{ path, want string }{
		{"/api/challenges/c_n1_abc/accept", "n1"},
		{"/api/challenges/c_n1_abc/decline", "n1"},
		{"/api/challenge/c_n1_abc/accept", "n1"},
		{"/api/challenge/c_n1_abc/decline", "n1"},
		{"/api/challenges", ""},
		{"/api/challenge/alice", ""},        // a bot challenging a user
		{"/api/challenges/c_n1/accept", ""}, // no random part
		{"/api/matches/m_x/join", ""},
	} {
		if got := challengeNode(tc.path); got != tc.want {
			t.Errorf("challengeNode(%q) = %q, want %q", tc.path, got, tc.want)
		}
	}
}
