complete -c nimcheck -l jobs -d 'Certificates checked at once (default: the number of cores, at most 4). Each holds at most one file and its working memory' -r
complete -c nimcheck -l max-file-bytes -d 'Largest file read, in bytes' -r
complete -c nimcheck -l max-moves -d 'Largest number of moves' -r
complete -c nimcheck -l max-move -d 'Largest single move' -r
complete -c nimcheck -l max-period -d 'Largest claimed q + p (sequences), P (P-sets), positions computed (octal games), a + b + tail (families) or N (Grundy\'s game)' -r
complete -c nimcheck -l max-work -d 'Largest number of work units per certificate (about a nanosecond each: the default is about 30 s of CPU; see docs/TRUST.md for the measured worst case per claim kind)' -r
complete -c nimcheck -l max-points -d 'Largest ground set of an avoidance game, in points' -r
complete -c nimcheck -l max-classes -d 'Largest number of structure classes of an avoidance game' -r
complete -c nimcheck -l json -d 'Print one JSON object per line instead of text lines'
complete -c nimcheck -l follow-links -d 'Follow symbolic links to folders met in a walk (each folder is walked once, however many links lead to it)'
complete -c nimcheck -l allow-skips -d 'Entries a walk does not check (other names, links to folders not followed) are still reported SKIPPED, but do not make the exit 2'
complete -c nimcheck -s h -l help -d 'Print help (see more with \'--help\')'
complete -c nimcheck -s V -l version -d 'Print version'
