_nimcheck() {
    local i cur prev opts cmd
    COMPREPLY=()
    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
        cur="$2"
    else
        cur="${COMP_WORDS[COMP_CWORD]}"
    fi
    prev="$3"
    cmd=""
    opts=""

    for i in "${COMP_WORDS[@]:0:COMP_CWORD}"
    do
        case "${cmd},${i}" in
            ",$1")
                cmd="nimcheck"
                ;;
            *)
                ;;
        esac
    done

    case "${cmd}" in
        nimcheck)
            opts="-h -V --json --jobs --follow-links --allow-skips --max-file-bytes --max-moves --max-move --max-period --max-work --max-points --max-classes --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 1 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --jobs)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-file-bytes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-moves)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-move)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-period)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-work)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-points)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-classes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
    esac
}

if [[ "${BASH_VERSINFO[0]}" -eq 4 && "${BASH_VERSINFO[1]}" -ge 4 || "${BASH_VERSINFO[0]}" -gt 4 ]]; then
    complete -F _nimcheck -o nosort -o bashdefault -o default nimcheck
else
    complete -F _nimcheck -o bashdefault -o default nimcheck
fi
