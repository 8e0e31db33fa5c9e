(** * The checker of a [Sequence] claim, and its soundness

    Mirrors checker/src/sequence.rs.  Claim: for the moves S (largest c),
    G_S has least pre-period q, least period p, and values v on [0, q + p),
    extended by v(x) = v(q + (x - q) mod p) for x >= q + p.

    The checker computes G_S on [0, q + p + c) by the mex rule and accepts
    when it equals v there; nimcheck compares v's extension on
    [q + p, q + p + c), this checker the window G(x) = G(x + p) on
    [q, q + c): given v = G on [0, q + p) the two say the same thing. *)

From Coq Require Import List Arith Bool Lia.
From Nimcert Require Import Mex Subtraction Period.
Import ListNotations.

(** ** Shared rules *)

(** Strictly increasing. *)
Fixpoint increasing (l : list nat) : bool :=
  match l with
  | a :: ((b :: _) as t) => (a <? b) && increasing t
  | _ => true
  end.

Lemma increasing_head a l : increasing (a :: l) = true -> forall b, In b l -> a < b.
Proof.
  revert a. induction l as [|b l IH]; intros a H x Hx; [destruct Hx|].
  simpl in H. apply andb_true_iff in H as [Hab H]. apply Nat.ltb_lt in Hab.
  destruct Hx as [->|Hx]; [exact Hab|]. specialize (IH b H x Hx). lia.
Qed.

Lemma increasing_tail a l : increasing (a :: l) = true -> increasing l = true.
Proof. destruct l; simpl; auto. intros H; apply andb_true_iff in H; tauto. Qed.

(** Rule (moves): S non-empty, strictly increasing, positive
    (checker/src/moves.rs). *)
Definition moves_ok (S : list nat) : bool :=
  match S with [] => false | s :: _ => (0 <? s) && increasing S end.

Lemma moves_ok_positive S : moves_ok S = true -> moves_positive S.
Proof.
  destruct S as [|s S]; simpl; [discriminate|]. intros H x Hx.
  apply andb_true_iff in H as [H0 H]. apply Nat.ltb_lt in H0.
  destruct Hx as [->|Hx]; [exact H0|]. pose proof (increasing_head s S H x Hx). lia.
Qed.

Fixpoint nat_list_eqb (a b : list nat) : bool :=
  match a, b with
  | [], [] => true
  | x :: a', y :: b' => (x =? y) && nat_list_eqb a' b'
  | _, _ => false
  end.

Lemma nat_list_eqb_eq a b : nat_list_eqb a b = true -> a = b.
Proof.
  revert b. induction a as [|x a IH]; intros [|y b]; simpl; try discriminate; auto.
  intros H. apply andb_true_iff in H as [E H]. apply Nat.eqb_eq in E. subst.
  f_equal. apply IH, H.
Qed.

(** Rule (least period), checker/src/number.rs: the witness primes are
    exactly the prime divisors of p, in increasing order, and each witness
    (r, x) has [differs x (p / r)]. *)
Definition minimality_ok (p : nat) (witnesses : list (nat * nat))
    (differs : nat -> nat -> bool) : bool :=
  nat_list_eqb (map fst witnesses) (prime_divisors p) &&
  forallb (fun w => differs (snd w) (p / fst w)) witnesses.

Lemma minimality_ok_spec p ws differs :
  0 < p -> minimality_ok p ws differs = true ->
  forall r, prime r -> Nat.divide r p -> exists x, differs x (p / r) = true.
Proof.
  intros Hp H r Hr Hd. apply andb_true_iff in H as [E H].
  apply nat_list_eqb_eq in E.
  pose proof (prime_divisors_complete p r Hp Hr Hd) as Hin.
  rewrite <- E, in_map_iff in Hin. destruct Hin as [[r' x] [Er Hw]].
  simpl in Er. subst r'. exists x.
  rewrite forallb_forall in H. exact (H _ Hw).
Qed.

Lemma nth_firstn_lt {B} n (l : list B) x d : x < n -> nth x (firstn n l) d = nth x l d.
Proof.
  revert n l. induction x as [|x IH]; intros [|n] [|a l] H; simpl; auto; try lia.
  apply IH; lia.
Qed.

(** ** The claim *)

(** The claimed values, extended periodically (as nimcheck reads them). *)
Definition vext (q p : nat) (values : list nat) (x : nat) : nat :=
  nth (if x <? q + p then x else q + (x - q) mod p) values 0.

(** What a valid [Sequence] certificate proves: G_S is v, extended; p is
    the least period of G_S, and q the least pre-period for it. *)
Definition sequence_claim (S : list nat) (q p : nat) (values : list nat) : Prop :=
  (forall x, G S x = vext q p values x) /\ least_preperiod (G S) q p.

(** ** The checker *)

(** Rule 3 (least pre-period): q = 0 and no witness, or the witness q - 1
    with v(q - 1) <> v(q - 1 + p). *)
Definition preperiod_ok (q p : nat) (v : nat -> nat) (w : option nat) : bool :=
  match q, w with
  | 0, None => true
  | Datatypes.S k, Some w => (w =? k) && negb (v k =? v (k + p))
  | _, _ => false
  end.

Definition check_sequence (S : list nat) (q p : nat) (values : list nat)
    (period_witnesses : list (nat * nat)) (preperiod_witness : option nat) : bool :=
  let n := q + p in
  let c := list_max S in
  let g := prefix S (n + c) in
  let v := vext q p values in
  moves_ok S && (0 <? p) && (length values =? n) &&
  (* Rule 1: the values are G_S on [0, q + p) ... *)
  nat_list_eqb (firstn n g) values &&
  (* ... and p is a period of G_S on the window [q, q + c). *)
  forallb (fun x => nth x g 0 =? nth (x + p) g 0) (seq q c) &&
  (* Rule 2 *)
  minimality_ok p period_witnesses (fun x d => (q <=? x) && negb (v x =? v (x + d))) &&
  (* Rule 3 *)
  preperiod_ok q p v preperiod_witness.

(** ** Soundness *)

Theorem check_sequence_sound S q p values pw qw :
  check_sequence S q p values pw qw = true -> sequence_claim S q p values.
Proof.
  unfold check_sequence. cbv zeta. intros H.
  repeat match type of H with
  | (_ && _) = true => apply andb_true_iff in H as [H ?]
  end.
  rename H into Hmoves.
  match goal with
  | Hp : (0 <? p) = true, Hl : (length values =? q + p) = true,
    Heq : nat_list_eqb _ _ = true, Hw : forallb _ (seq q _) = true,
    Hm : minimality_ok _ _ _ = true, Hq : preperiod_ok _ _ _ _ = true |- _ =>
      rename Hp into Hp0, Hl into Hlen, Heq into Hvals, Hw into Hwin,
      Hm into Hmin, Hq into Hpre
  end.
  apply Nat.ltb_lt in Hp0. apply Nat.eqb_eq in Hlen.
  apply nat_list_eqb_eq in Hvals.
  pose proof (moves_ok_positive S Hmoves) as Hpos.
  set (c := list_max S) in *.
  (* v = G on [0, q + p) *)
  assert (Hv : forall x, x < q + p -> G S x = nth x values 0).
  { intros x Hx. rewrite <- Hvals, nth_firstn_lt by exact Hx.
    rewrite prefix_nth by lia. reflexivity. }
  (* the window, hence p is a period from q *)
  assert (Hper : period_from (G S) q p).
  { apply period_of_window; [exact Hpos|]. intros x Hx.
    rewrite forallb_forall in Hwin. specialize (Hwin x ltac:(apply in_seq; lia)).
    apply Nat.eqb_eq in Hwin. rewrite !prefix_nth in Hwin by lia. auto. }
  (* G = v extended *)
  assert (Hext : forall x, G S x = vext q p values x).
  { intros x. unfold vext. destruct (x <? q + p) eqn:E.
    - apply Nat.ltb_lt in E. apply Hv, E.
    - apply Nat.ltb_ge in E.
      pose proof (Nat.div_mod (x - q) p ltac:(lia)) as D.
      pose proof (Nat.mod_upper_bound (x - q) p ltac:(lia)) as B.
      rewrite <- Hv by lia.
      rewrite <- (period_mult (G S) q p Hper ((x - q) / p) (q + (x - q) mod p)) by lia.
      f_equal. nia. }
  split; [exact Hext|]. split; [|split; [exact Hper|]].
  - apply (least_period_of_witnesses (G S) q p Hp0 Hper).
    intros r Hr Hd.
    destruct (minimality_ok_spec p pw _ Hp0 Hmin r Hr Hd) as [x Hx].
    apply andb_true_iff in Hx as [Hqx Hx]. apply Nat.leb_le in Hqx.
    exists x. split; [exact Hqx|]. rewrite !Hext.
    intros E. rewrite E, Nat.eqb_refl in Hx. discriminate.
  - apply least_preperiod_of_witness. destruct q as [|k]; [left; auto|right].
    destruct qw as [w|]; [|discriminate]. simpl in Hpre.
    apply andb_true_iff in Hpre as [_ Hpre].
    replace (Datatypes.S k - 1) with k by lia. rewrite !Hext.
    intros E. rewrite E, Nat.eqb_refl in Hpre. discriminate.
Qed.
