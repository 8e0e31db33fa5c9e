(* nimjudge: the extracted, verified judge's command line (issue 24,
   docs/FORMAL.md, "The extracted judge").

   This file is the judge's unverified part: it reads the judge format that
   `nimcert export judge` writes, turns decimal digits into Coq's binary
   numbers with the extracted [decimal_step], calls the extracted checkers
   [check_periodic] and [check_sequenceN] (proved sound in
   formal/theories/Judge.v) and [pset_judge] (PSetFast.check_psetN, proved
   sound in formal/theories/PSetFast.v), and prints a verdict per certificate. It does
   no arithmetic of its own and decides nothing but syntax.

   Input, one item a line:
     nimjudge 1                    the first line
     certificate PATH              starts a certificate
     periodic MOVES;Q;P;WITNESSES  a Periodic claim, or a PeriodicTable line
     sequence MOVES;Q;P;VALUES;WITNESSES;QW   a Sequence claim
     pset MOVES;P;BLOCK;COVER;WITNESSES       a PSet claim (COVER: pairs
                                   RESIDUE:MOVE)
     skipped KIND                  a claim kind the judge does not check
   MOVES and VALUES are numbers joined by ',', WITNESSES pairs PRIME:POSITION
   joined by ',' (possibly none), QW a number or nothing. Numbers are decimal
   without a leading zero, below 2^64 (as nimcheck's u64).

   Output: one line per certificate, "accepted PATH (K claims)",
   "rejected PATH: claim K is false", "unreadable PATH: line L: WHY" or
   "skipped PATH (KIND)", then a summary. Exit status: 0 when every
   certificate was accepted, 1 when one was rejected, 2 when the input is
   malformed or a certificate unreadable, 3 when a certificate was skipped
   (not judged: never reported as accepted). *)

open Judge_core

exception Malformed of string

let digit c =
  (* the ten digits as binary numbers, built from constructors *)
  match c with
  | '0' -> N0
  | '1' -> Npos XH
  | '2' -> Npos (XO XH)
  | '3' -> Npos (XI XH)
  | '4' -> Npos (XO (XO XH))
  | '5' -> Npos (XI (XO XH))
  | '6' -> Npos (XO (XI XH))
  | '7' -> Npos (XI (XI XH))
  | '8' -> Npos (XO (XO (XO XH)))
  | '9' -> Npos (XI (XO (XO XH)))
  | _ -> raise (Malformed (Printf.sprintf "%C is not a digit" c))

(* A decimal number: digits only, no leading zero, below 2^64. *)
let number s =
  let len = String.length s in
  if len = 0 then raise (Malformed "a number is missing");
  if len > 1 && s.[0] = '0' then raise (Malformed (Printf.sprintf "%S has a leading zero" s));
  let n = ref N0 in
  String.iter (fun c -> n := decimal_step !n (digit c)) s;
  if not (below_u64 !n) then raise (Malformed (Printf.sprintf "%s exceeds 2^64 - 1" s));
  !n

(* List.rev_map then List.rev: both tail-recursive (OCaml 4.13's List.map
   is not, and a PSet's block and cover may have 10^6 entries). *)
let list_of item s =
  if s = "" then [] else List.rev (List.rev_map item (String.split_on_char ',' s))

let numbers = list_of number

let nonempty_numbers what s =
  if s = "" then raise (Malformed (what ^ " are missing"));
  numbers s

let witness s =
  match String.split_on_char ':' s with
  | [ r; x ] -> (number r, number x)
  | _ -> raise (Malformed (Printf.sprintf "witness %S is not PRIME:POSITION" s))

let witnesses = list_of witness

let fields k s =
  let f = String.split_on_char ';' s in
  if List.length f <> k then
    raise (Malformed (Printf.sprintf "%d fields separated by ';' expected, %d found" k (List.length f)));
  Array.of_list f

(* A claim line's verdict: true when the verified checker accepts it. *)
let judge kind rest =
  match kind with
  | "periodic" ->
      let f = fields 4 rest in
      check_periodic (nonempty_numbers "moves" f.(0)) (number f.(1)) (number f.(2)) (witnesses f.(3))
  | "sequence" ->
      let f = fields 6 rest in
      let qw = if f.(5) = "" then None else Some (number f.(5)) in
      check_sequenceN (nonempty_numbers "moves" f.(0)) (number f.(1)) (number f.(2))
        (numbers f.(3)) (witnesses f.(4)) qw
  | "pset" -> (
      let f = fields 5 rest in
      pset_judge (nonempty_numbers "moves" f.(0)) (number f.(1)) (numbers f.(2))
        (witnesses f.(3)) (witnesses f.(4)))
  | _ -> raise (Malformed (Printf.sprintf "unknown line kind %S" kind))

type state = Reading | False of int | Unreadable of string | Skipped of string

let () =
  let input = match Sys.argv with
    | [| _ |] | [| _; "-" |] -> stdin
    | [| _; "--help" |] | [| _; "-h" |] ->
        print_string "usage: nimjudge [FILE|-]\n\
                      Judges the certificates of FILE (or standard input), written by\n\
                      `nimcert export judge`, with the checkers extracted from\n\
                      formal/theories/Judge.v and PSetFast.v. Exit 0: all accepted;\n\
                      1: one rejected; 2: malformed input; 3: a certificate was\n\
                      skipped (not judged).\n";
        exit 0
    | [| _; path |] -> (try open_in_bin path with Sys_error e -> prerr_endline ("nimjudge: " ^ e); exit 2)
    | _ -> prerr_endline "nimjudge: usage: nimjudge [FILE|-] (--help)"; exit 2
  in
  let accepted = ref 0 and rejected = ref 0 and unreadable = ref 0 and skipped = ref 0 in
  let claims_total = ref 0 in
  let current = ref None in
  let finish () =
    match !current with
    | None -> ()
    | Some (path, claims, state) ->
        (match state with
         | Reading when claims > 0 ->
             incr accepted; Printf.printf "accepted %s (%d claims)\n" path claims
         | Reading -> incr unreadable; Printf.printf "unreadable %s: no claim\n" path
         | False k -> incr rejected; Printf.printf "rejected %s: claim %d is false\n" path k
         | Unreadable why -> incr unreadable; Printf.printf "unreadable %s: %s\n" path why
         | Skipped kind -> incr skipped; Printf.printf "skipped %s (%s)\n" path kind);
        current := None
  in
  let line_no = ref 0 in
  let header_seen = ref false in
  (try
     while true do
       let line = input_line input in
       incr line_no;
       if not !header_seen then begin
         if line <> "nimjudge 1" then begin
           prerr_endline "nimjudge: the first line must be \"nimjudge 1\" (write the input with `nimcert export judge`)";
           exit 2
         end;
         header_seen := true
       end else begin
         let kind, rest = match String.index_opt line ' ' with
           | Some i -> (String.sub line 0 i, String.sub line (i + 1) (String.length line - i - 1))
           | None -> (line, "") in
         if kind = "certificate" then begin
           finish (); current := Some (rest, 0, Reading)
         end else
           match !current with
           | None ->
               Printf.eprintf "nimjudge: line %d: a claim before any certificate line\n" !line_no; exit 2
           | Some (path, claims, Reading) -> (
               if kind = "skipped" then current := Some (path, claims, Skipped rest)
               else
                 let k = claims + 1 in
                 incr claims_total;
                 match judge kind rest with
                 | true -> current := Some (path, k, Reading)
                 | false -> current := Some (path, k, False k)
                 | exception Malformed why ->
                     current := Some (path, k, Unreadable (Printf.sprintf "line %d: %s" !line_no why)))
           | Some _ -> () (* the certificate's verdict is already decided *)
       end
     done
   with End_of_file -> ());
  finish ();
  if not !header_seen then (prerr_endline "nimjudge: empty input (no \"nimjudge 1\" line)"; exit 2);
  let judged = !accepted + !rejected + !unreadable + !skipped in
  Printf.printf "nimjudge: %d certificates: %d accepted, %d rejected, %d unreadable, %d skipped (%d claims read)\n"
    judged !accepted !rejected !unreadable !skipped !claims_total;
  exit (if judged = 0 then 2
        else if !rejected > 0 then 1
        else if !unreadable > 0 then 2
        else if !skipped > 0 then 3
        else 0)
