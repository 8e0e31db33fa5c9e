(* nimjudge: the extracted, verified judge's command line (issue 24,
   docs/FORMAL.md, "The extracted judge").

   This file is the judge's unverified part: it reads the judge format that
   `nimcert export judge` writes, turns decimal digits into Coq's binary
   numbers with the extracted [decimal_step], calls the extracted checkers
   [check_periodic] and [check_sequenceN] (proved sound in
   formal/theories/Judge.v), [check_periodic_packed] (formal/theories/
   JudgePacked.v, for three moves, and JudgeSmall.v's
   [check_periodic_small] for any other, extracted on machine integers
   by ExtractSmall.v: the periodic lines whose numbers all have at most
   12 digits), [pset_judge]
   (PSetFast.check_psetN, proved sound in formal/theories/PSetFast.v),
   [octal_judge]
   (OctalCheck.check_octal_cert, proved sound in formal/theories/
   OctalCheck.v), the avoidance verdicts of
   formal/theories/AvoidanceJudge.v and the family verdicts of
   formal/theories/FamilyJudge.v (for every c of a residue class), and
   prints a verdict per certificate.
   It does no arithmetic of its own and decides nothing but syntax and
   size bounds (a claim beyond them is skipped, never accepted).

   Input, one item a line:
     nimjudge 1                    the first line
     certificate PATH              starts a certificate
     periodic MOVES;Q;P;WITNESSES[;H]  a Periodic claim, or a PeriodicTable
                                   line, with perhaps a hint H: the moves are
                                   [1, 2H] \ {H} (Hole.v)
     sequence MOVES;Q;P;VALUES;WITNESSES;QW[;N:S]   a Sequence claim, with
                                   perhaps a refutation: values at N and N - S
                                   equal for a move S (Refute.v)
     pset MOVES;P;BLOCK;COVER;WITNESSES       a PSet claim (COVER: pairs
                                   RESIDUE:MOVE)
     avoidance-vertices VERTICES;EDGES;W;NIM;MAXIMAL   an Avoidance claim
     avoidance-edges VERTICES;EDGES;W;NIM;MAXIMAL      (its geometry, W, nim
     avoidance-closure POINTS;SETS;W;NIM;MAXIMAL       number and maximal
     avoidance-affine POINTS;W;NIM;MAXIMAL             family; not its diagram)
     octal DIGITS;Q;P;VALUES;WITNESSES;QW;SPARSE    an Octal claim
     octal-periodic DIGITS;Q;P;WITNESSES;QW;SPARSE  an OctalPeriodic claim
     family-tail A;B;RHO;K0;BASE;TAIL;L;U0;K        a Family claim, Tail shape
                                   (L, U0, K: the marker and the threshold, hints)
     family-base A;B;RHO;K0;BASE;P0                 a Family claim, Base shape
     preperiodic A;B;RHO;K0;QS;QO;PS;PO;PRE;PER;R;K;M[;MARKER;KL;ML]
                                   a PrePeriodicFamily claim (R, K, M, KL, ML
                                   hints; PRE and PER blocks WORD:SLOPE:OFFSET
                                   joined by '|')
     skipped KIND                  a claim kind the judge does not check
   MOVES and VALUES are numbers joined by ',', WITNESSES pairs PRIME:POSITION
   joined by ',' (possibly none), QW a number or nothing. EDGES are pairs
   A:B, affine POINTS pairs X:Y of integers (a '-' allowed), SETS and
   MAXIMAL sets in braces one after another ("{0,1}{}{2}"); DIGITS an
   octal code's digits d0,d1,...,dt, SPARSE MASK, MASK:PARITY or nothing. Numbers are
   decimal without a leading zero, below 2^64 (as nimcheck's u64); an
   avoidance claim's below 2^16.

   Output: one line per certificate, "accepted PATH (K claims)",
   "rejected PATH: claim K fails the verified check" (the judge proves
   acceptance sound; a failed check is not a proof that the claim is
   false), "rejected PATH: claim K is false (proved: WHY)" when a proved
   refutation applies (Refute.v, Hole.v), "unreadable PATH: line L: WHY" or
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

(* Periodic lines whose numbers all have at most 12 digits (so are below
   10^12 < 2^40) go to the checker on machine integers,
   JudgePacked.check_periodic_packed (three moves; it passes any other
   claim to JudgeSmall.check_periodic_small; ExtractSmall.v, docs/FORMAL.md,
   "Machine integers"); the others to check_periodic on binary N. *)
let max_small_digits = 12

(* Whether every run of digits in [s] is at most 12 long. *)
let short_numbers s =
  let run = ref 0 and ok = ref true in
  String.iter
    (fun c ->
      if c >= '0' && c <= '9' then begin
        incr run;
        if !run > max_small_digits then ok := false
      end else run := 0)
    s;
  !ok

let small_digit c =
  match c with
  | '0' -> 0 | '1' -> 1 | '2' -> 2 | '3' -> 3 | '4' -> 4
  | '5' -> 5 | '6' -> 6 | '7' -> 7 | '8' -> 8 | '9' -> 9
  | _ -> raise (Malformed (Printf.sprintf "%C is not a digit" c))

(* A decimal number of at most 12 digits as an int, folded with the
   extracted [decimal_step_small] (acc * 10 + d < 10^12). *)
let small_number s =
  let len = String.length s in
  if len = 0 then raise (Malformed "a number is missing");
  if len > max_small_digits then raise (Malformed (Printf.sprintf "%S has over 12 digits" s));
  if len > 1 && s.[0] = '0' then raise (Malformed (Printf.sprintf "%S has a leading zero" s));
  let n = ref 0 in
  String.iter (fun c -> n := Judge_small.decimal_step_small !n (small_digit c)) s;
  !n

let small_witness s =
  match String.split_on_char ':' s with
  | [ r; x ] -> (small_number r, small_number x)
  | _ -> raise (Malformed (Printf.sprintf "witness %S is not PRIME:POSITION" s))

let fields k s =
  let f = String.split_on_char ';' s in
  if List.length f <> k then
    raise (Malformed (Printf.sprintf "%d fields separated by ';' expected, %d found" k (List.length f)));
  Array.of_list f

(* Avoidance claims (AvoidanceJudge.v). Their numbers are Coq [nat]s,
   unary: [small_nat] converts a number below 2^16 and answers [None]
   above, and the evaluators are exponential in |S| (2^|S| positions) and,
   for closure systems, cubic in the convex sets: the reader skips a claim
   beyond these bounds (never accepting it), the bounds of
   `nimcert export coq` (--max-tree-vertices 14, --max-geometry-points 10,
   --max-convex-sets 64). *)
exception Beyond of string

let max_tree_vertices = 14
let max_geometry_points = 10
let max_convex_sets = 64

let small s =
  match small_nat (number s) with
  | Some n -> n
  | None -> raise (Beyond (Printf.sprintf "avoidance number %s is 2^16 or more" s))

let smalls = list_of small

let pair item s =
  match String.split_on_char ':' s with
  | [ a; b ] -> (item a, item b)
  | _ -> raise (Malformed (Printf.sprintf "%S is not a pair A:B" s))

(* An integer: a number, or '-' and a positive number. *)
let integer s =
  let len = String.length s in
  if len > 1 && s.[0] = '-' then begin
    if s.[1] = '0' then raise (Malformed (Printf.sprintf "%S is not an integer" s));
    signed true (number (String.sub s 1 (len - 1)))
  end else signed false (number s)

(* Sets one after another, each in braces: "{0,1}{}{2}". *)
let sets s =
  let len = String.length s in
  let rec go i acc =
    if i = len then List.rev acc
    else if s.[i] <> '{' then raise (Malformed (Printf.sprintf "a set must start with '{' in %S" s))
    else
      match String.index_from_opt s i '}' with
      | None -> raise (Malformed (Printf.sprintf "a set is not closed by '}' in %S" s))
      | Some j -> go (j + 1) (smalls (String.sub s (i + 1) (j - i - 1)) :: acc)
  in
  go 0 []

let at_most what limit count =
  if count > limit then
    raise (Beyond (Printf.sprintf "%d %s, over the judge's bound of %d" count what limit))

(* The vertex count of a tree-vertex geometry: |S|. *)
let vertex_count s =
  let n = small s in
  (* n < 2^16 here, so the digits are an OCaml int *)
  at_most "tree vertices" max_tree_vertices (int_of_string s);
  n

let avoidance kind rest =
  match kind with
  | "avoidance-vertices" ->
      let f = fields 5 rest in
      let n = vertex_count f.(0) in
      tree_vertices_verdict n (list_of (pair small) f.(1)) (smalls f.(2)) (small f.(3)) (sets f.(4))
  | "avoidance-edges" ->
      let f = fields 5 rest in
      let edges = list_of (pair small) f.(1) in
      at_most "tree edges" max_geometry_points (List.length edges);
      tree_edges_verdict (small f.(0)) edges (smalls f.(2)) (small f.(3)) (sets f.(4))
  | "avoidance-closure" ->
      let f = fields 5 rest in
      let n = small f.(0) in
      at_most "points" max_geometry_points (int_of_string f.(0));
      let convex = sets f.(1) in
      at_most "convex sets" max_convex_sets (List.length convex);
      closure_verdict n convex (smalls f.(2)) (small f.(3)) (sets f.(4))
  | _ ->
      let f = fields 4 rest in
      let points = list_of (pair integer) f.(0) in
      at_most "points" max_geometry_points (List.length points);
      affine_verdict points (smalls f.(1)) (small f.(2)) (sets f.(3))

(* Octal claims (OctalCheck.check_octal_cert). The checker refuses a claim
   over its bound on L before any work; with three-heap splits (a digit
   with bit 8) its time grows as L^3 and with the values, so the reader
   also skips such a claim when q + p exceeds 64 (L about 200 for a short
   code; nimcert export coq refuses these earlier, by its work estimate). *)
let max_three_heap_span = 64

let octal_digit s =
  match small_nat (number s) with
  | Some d -> d
  | None -> raise (Malformed (Printf.sprintf "octal digit %s is 2^16 or more" s))

let sparse_hint s =
  if s = "" then None
  else
    match String.split_on_char ':' s with
    | [ m ] -> Some (number m, None)
    | [ m; f ] -> Some (number m, Some (number f))
    | _ -> raise (Malformed (Printf.sprintf "sparse hint %S is not MASK or MASK:PARITY" s))

let optional_number s = if s = "" then None else Some (number s)

let octal kind rest =
  let periodic = kind = "octal-periodic" in
  let f = fields (if periodic then 6 else 7) rest in
  let code = list_of octal_digit f.(0) in
  let three_heap =
    List.exists
      (fun d -> match int_of_string_opt d with Some d -> d land 8 <> 0 | None -> true)
      (String.split_on_char ',' f.(0)) in
  (if three_heap then
     match (int_of_string_opt f.(1), int_of_string_opt f.(2)) with
     | Some q, Some p when q + p <= max_three_heap_span -> ()
     | _ -> raise (Beyond (Printf.sprintf "a three-heap code with q + p over %d" max_three_heap_span)));
  (* the fields after VALUES, or after P when there are none *)
  let values, w = if periodic then (None, 3) else (Some (numbers f.(3)), 4) in
  match octal_judge code (number f.(1)) (number f.(2)) values (witnesses f.(w))
          (optional_number f.(w + 1)) (sparse_hint f.(w + 2)) with
  | O -> true
  | S O -> false
  | _ -> raise (Beyond "L = j(q + p) + t + 1 over the Coq octal checker's bound")

(* Family claims (FamilyJudge.v): every number is a Coq [nat], unary, so
   [family_number] converts only numbers below 2^16 (the claim is skipped
   above, never accepted), as the Coq export bounds them; a block's offset
   and q's and p's offsets are integers ([integer], a '-' allowed). *)
let family_number s =
  match small_nat (number s) with
  | Some n -> n
  | None -> raise (Beyond (Printf.sprintf "family number %s is 2^16 or more" s))

let family_numbers = list_of family_number

(* The hints (thresholds, moduli, copies of the period) at most 4,096, the
   bound of `nimcert export coq` and `export judge` (NAT_MAX): the concrete
   checks run over [min(k0, K), K + M), so a larger hint is skipped rather
   than left to run for hours. *)
let max_hint = 4096

let hint s =
  let n = family_number s in
  at_most "as a threshold, modulus or copy count" max_hint (int_of_string s);
  n

(* family-tail A;B;RHO;K0;BASE;TAIL;L;U0;K: the Tail shape, BASE and TAIL
   words, the marker's length L and end U0 (its window at c + U0 - L) and
   the zone threshold K, the last three hints (FamilyJudge.family_tail_verdict).
   family-base A;B;RHO;K0;BASE;P0: the Base shape with least period P0
   (FamilyJudge.family_base_verdict). *)
let family kind rest =
  if kind = "family-tail" then
    let f = fields 9 rest in
    let n i = family_number f.(i) in
    family_tail_verdict (n 0) (n 1) (n 2) (family_numbers f.(4)) (family_numbers f.(5)) (n 3)
      (hint f.(8)) (n 6) (n 7)
  else
    let f = fields 6 rest in
    let n i = family_number f.(i) in
    family_base_verdict (n 0) (n 1) (n 2) (family_numbers f.(4)) (n 5) (n 3)

(* Blocks joined by '|', each WORD:SLOPE:OFFSET with the word's letters
   joined by ',' ("0,0,1:7:0|3,2:0:-5"). *)
let blocks s =
  if s = "" then raise (Malformed "a block list is empty");
  List.map
    (fun b ->
      match String.split_on_char ':' b with
      | [ w; sl; o ] -> { word = family_numbers w; slope = family_number sl; offset = integer o }
      | _ -> raise (Malformed (Printf.sprintf "block %S is not WORD:SLOPE:OFFSET" b)))
    (String.split_on_char '|' s)

(* preperiodic A;B;RHO;K0;QS;QO;PS;PO;PRE;PER;R;K;M[;MARKER;KL;ML]: q(k) =
   QS k + QO, p(k) = PS k + PO, the pre-period's and the period's blocks,
   the hints R, K, M (copies of the period, Lemma S's threshold and
   modulus) and perhaps the marker's word with its own K and M
   (FamilyJudge.preperiodic_verdict). *)
let preperiodic rest =
  let f = match String.split_on_char ';' rest with
    | [ _; _; _; _; _; _; _; _; _; _; _; _; _; _; _; _ ] as f -> Array.of_list f
    | _ -> fields 13 rest in
  let n i = family_number f.(i) in
  let marker =
    if Array.length f = 13 then None
    else Some ((family_numbers f.(13), hint f.(14)), hint f.(15)) in
  preperiodic_verdict (n 0) (n 1) (n 2) (n 3) (blocks f.(8)) (blocks f.(9)) (n 4) (integer f.(5))
    (n 6) (integer f.(7)) (hint f.(10)) (hint f.(11)) (hint f.(12)) marker

(* A Periodic claim, perhaps with a fifth field, the hint H (issue 39):
   the moves are [1, 2H] \ {H}, for which Hole.hole_verdict decides the
   claim without computing G_S (formal/theories/Hole.v: G_S is purely
   periodic with least period 3H + 1, so the claim holds exactly when
   q = 0 and p = 3H + 1). A hint that does not fit the moves is ignored
   and the claim judged in full: on machine integers when every number
   has at most 12 digits (JudgePacked.check_periodic_packed), otherwise on
   binary N (Judge.check_periodic). [why_false] names the theorem when a
   claim is rejected as proved false; it is printed in the verdict. A
   claim rejected without one is only not proved: its check failed. *)
let why_false = ref ""

let periodic rest =
  let f = match String.split_on_char ';' rest with
    | [ _; _; _; _; _ ] as f -> Array.of_list f
    | _ -> fields 4 rest in
  let full () =
    if short_numbers (String.concat ";" [ f.(0); f.(1); f.(2); f.(3) ]) then begin
      if f.(0) = "" then raise (Malformed "moves are missing");
      Judge_small.check_periodic_packed (list_of small_number f.(0)) (small_number f.(1))
        (small_number f.(2)) (list_of small_witness f.(3))
    end else
      check_periodic (nonempty_numbers "moves" f.(0)) (number f.(1)) (number f.(2)) (witnesses f.(3))
  in
  if Array.length f = 4 then full ()
  else
    let moves = nonempty_numbers "moves" f.(0) and q = number f.(1) and p = number f.(2) in
    match hole_verdict (number f.(4)) moves q p (witnesses f.(3)) with
    | O -> true
    | S O ->
        why_false := " (proved: the moves are [1, 2H] \\ {H} for the hint H, so G_S is \
                       purely periodic with least period 3H + 1; Hole.hole_verdict_refutes)";
        false
    | S (S O) -> full ()
    | S _ -> false

(* A claim line's verdict: true when the verified checker accepts it. *)
let judge kind rest =
  match kind with
  | "periodic" -> periodic rest
  | "sequence" ->
      (* six fields, or seven: the last a refutation N:S (Refute.v), checked
         first; a refutation that does not hold is ignored *)
      let f, refutation = match String.split_on_char ';' rest with
        | [ a; b; c; d; e; g; r ] -> ([| a; b; c; d; e; g |], Some r)
        | _ -> (fields 6 rest, None) in
      let moves = nonempty_numbers "moves" f.(0) and q = number f.(1) and p = number f.(2) in
      let values = numbers f.(3) in
      let refuted = match refutation with
        | None -> false
        | Some r -> let n, s = pair number r in refutes moves q p values n s in
      if refuted then
        why_false := " (proved: the values at N and N - S are equal for a move S; \
                       Refute.refutes_sound)";
      (not refuted)
      && check_sequenceN moves q p values (witnesses f.(4)) (optional_number f.(5))
  | "pset" -> (
      let f = fields 5 rest in
      pset_judge (nonempty_numbers "moves" f.(0)) (number f.(1)) (numbers f.(2))
        (witnesses f.(3)) (witnesses f.(4)))
  | "octal" | "octal-periodic" -> octal kind rest
  | "family-tail" | "family-base" -> family kind rest
  | "preperiodic" -> preperiodic rest
  | "avoidance-vertices" | "avoidance-edges" | "avoidance-closure" | "avoidance-affine" ->
      avoidance kind rest
  | _ -> raise (Malformed (Printf.sprintf "unknown line kind %S" kind))

type state = Reading | False of int | Unreadable of string | Skipped of string

(* A line of at most [limit] bytes (without its newline); [None] at the end
   of the input. A longer line stops the judge with exit 3, naming the flag
   that raises the limit: input_line alone would read a line of any length
   into memory. *)
let read_line_bounded input limit =
  let buffer = Buffer.create 256 in
  let rec go () =
    match input_char input with
    | '\n' -> Some (Buffer.contents buffer)
    | c ->
        if Buffer.length buffer >= limit then begin
          Printf.eprintf "nimjudge: a line is over %d bytes (--max-line-bytes raises the limit)\n" limit;
          exit 3
        end;
        Buffer.add_char buffer c;
        go ()
    | exception End_of_file -> if Buffer.length buffer = 0 then None else Some (Buffer.contents buffer)
  in
  go ()

let usage = "usage: nimjudge [--max-line-bytes N] [FILE|-]"

let () =
  (* A minor heap of 8 MB (1M words, instead of 2 MB): fewer of the lanes'
     values outlive it (measured: 7 % less time on the campaign's
     certificates). Speed only: the verdicts do not depend on it. *)
  Gc.set { (Gc.get ()) with Gc.minor_heap_size = 1048576 };
  let max_line = ref (256 * 1024 * 1024) and path = ref None in
  let rec parse = function
    | [] -> ()
    | ("--help" | "-h") :: _ ->
        print_string (usage ^ "\n\
                      Judges the certificates of FILE (or standard input), written by\n\
                      `nimcert export judge`, with the checkers extracted from\n\
                      formal/theories/ (Judge.v, JudgeSmall.v, JudgePacked.v,\n\
                      PSetFast.v, OctalCheck.v, AvoidanceJudge.v,\n\
                      FamilyJudge.v; Hole.v and\n\
                      Refute.v for hinted and refuted claims). Acceptance is\n\
                      proved sound; a rejection says \"is false\" only when a\n\
                      proved refutation applies, else \"fails the verified check\".\n\
                      Exit 0: all accepted; 1: one rejected;\n\
                      2: malformed input; 3: a certificate was skipped (not judged)\n\
                      or a line is over --max-line-bytes (default 268435456).\n");
        exit 0
    | "--max-line-bytes" :: n :: rest -> (
        match int_of_string_opt n with
        | Some n when n > 0 -> max_line := n; parse rest
        | _ -> prerr_endline ("nimjudge: --max-line-bytes needs a positive number; " ^ usage); exit 2)
    | p :: rest when !path = None && (p = "-" || String.length p = 0 || p.[0] <> '-') ->
        path := Some p; parse rest
    | _ -> prerr_endline ("nimjudge: " ^ usage ^ " (--help)"); exit 2
  in
  parse (List.tl (Array.to_list Sys.argv));
  let input = match !path with
    | None | Some "-" -> stdin
    | Some path -> (try open_in_bin path with Sys_error e -> prerr_endline ("nimjudge: " ^ e); exit 2)
  in
  let accepted = ref 0 and rejected = ref 0 and unreadable = ref 0 and skipped = ref 0 in
  let claims_total = ref 0 in
  let current = ref None in
  (* whether the current certificate has an avoidance claim, whose
     structure diagram the judge does not check *)
  let diagram_unjudged = ref false in
  let finish () =
    match !current with
    | None -> ()
    | Some (path, claims, state) ->
        (match state with
         | Reading when claims > 0 ->
             incr accepted;
             Printf.printf "accepted %s (%d claims%s)\n" path claims
               (if !diagram_unjudged then "; its structure diagram is not judged" else "")
         | Reading -> incr unreadable; Printf.printf "unreadable %s: no claim\n" path
         | False k ->
             incr rejected;
             if !why_false = "" then
               Printf.printf "rejected %s: claim %d fails the verified check\n" path k
             else Printf.printf "rejected %s: claim %d is false%s\n" path k !why_false
         | Unreadable why -> incr unreadable; Printf.printf "unreadable %s: %s\n" path why
         | Skipped kind -> incr skipped; Printf.printf "skipped %s (%s)\n" path kind);
        current := None
  in
  let line_no = ref 0 in
  let header_seen = ref false in
  (try
     while true do
       let line = match read_line_bounded input !max_line with
         | Some line -> line
         | None -> raise End_of_file in
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
           finish (); current := Some (rest, 0, Reading); diagram_unjudged := false; why_false := ""
         end else
           match !current with
           | None ->
               Printf.eprintf "nimjudge: line %d: a claim before any certificate line\n" !line_no; exit 2
           | Some (path, claims, Reading) -> (
               if kind = "skipped" then current := Some (path, claims, Skipped rest)
               else
                 let k = claims + 1 in
                 if String.length kind > 10 && String.sub kind 0 10 = "avoidance-" then
                   diagram_unjudged := true;
                 incr claims_total;
                 match judge kind rest with
                 | true -> current := Some (path, k, Reading)
                 | false -> current := Some (path, k, False k)
                 | exception Beyond why -> current := Some (path, k, Skipped why)
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
