# Protocol framing and preprocessing, as far as a .tst file can express it.
# Exact bytes (empty lines get no reply, CR, control characters, the space after '=',
# replies strictly in order) are checked in engine-tests/framing.rs.
# A failure reply is matched as '?' + message.

1 protocol_version
#? [2]

# Ids are echoed (the runner checks every numbered reply carries its id).
0 protocol_version
#? [2]

2147483647 protocol_version
#? [2]

# Extra spaces between and after the tokens.
3    protocol_version    
#? [2]

# A tab becomes a space.
4	protocol_version
#? [2]

# '#' starts a comment that runs to the end of the line.
5 protocol_version # the rest is a comment
#? [2]

6 protocol_version#no space before the comment
#? [2]

# Arguments are separated by any run of spaces and tabs.
7 boardsize	  9
#? []

8 clear_board
#? []

9 play   b	 E5
#? []

10 is_legal b e5
#? [0]

# Colours and vertices in any case.
11 play WHITE c3
#? []

12 play Black G7
#? []

13 play w pass
#? []

14 play B PASS
#? []

15 is_legal White c3
#? [0]

16 is_legal BLACK g7
#? [0]

# Unknown commands fail with the spec's text and do not end the session.
17 no_such_command
#? [\?unknown command]

18 no_such_command with arguments
#? [\?unknown command]

19 protocol_version
#? [2]

# The reply to a command with a comment-only remainder is that of the bare command.
20 name # what is your name
#? [[^\n]+]
