(** * A [PSet] checker on binary numbers, linear in P (issue 24)

    [check_pset] of [PSetCheck] computes on unary naturals, tests block
    membership by a scan of the block, and lists the residues [0, P) in
    unary: quadratic in P, and bounded by 2^20 in [Certificate].
    [check_psetN] decides the same rules (checker/src/pset.rs) on binary
    numbers ([N]):

    - block membership by a binary trie built once ([Fast.set_of]), so
      Rule 2 costs O(|H| |S| log P) and each cover entry O(log P);
    - Rule 3 (the cover lists the residues of [0, P) not in H, in order)
      without walking [0, P): the cover residues are strictly increasing,
      below P and not in H, and there are P - |H| of them; a pigeonhole
      argument ([complement_complete]) shows they are then all of
      [0, P) \ H, which is what nimcheck compares against;
    - Rule 4 by [Judge.minimalityN_ok] (the witness primes are exactly the
      prime divisors of P, increasing, found in O(sqrt) divisions).

    Every list walk is a [fold_left], [forallb] or a tail call, so the
    extracted judge runs in constant stack on lists of 10^6 elements.
    Soundness, [check_psetN_sound], goes through [pset_claim_of_rules]. *)

From Coq Require Import List Arith Bool NArith Lia MSetPositive FinFun.
From Nimcert Require Import Mex Subtraction Period SequenceCheck PSetCheck Fast Primes Judge.
Import ListNotations.

Local Open Scope N_scope.

(** ** Helpers *)

(** The length of a list as a binary number, by a tail-recursive fold. *)
Definition countN {A} (l : list A) : N := fold_left (fun n _ => N.succ n) l 0.

Lemma countN_length {A} (l : list A) : countN l = N.of_nat (length l).
Proof.
  unfold countN.
  assert (H : forall l n, fold_left (fun n (_ : A) => N.succ n) l n = n + N.of_nat (length l)).
  { induction l0 as [|a l0 IH]; intros n; simpl; [lia|]. rewrite IH. lia. }
  rewrite H. lia.
Qed.

(** The first components strictly increasing. *)
Fixpoint increasing_fst (l : list (N * N)) : bool :=
  match l with
  | a :: ((b :: _) as t) => (fst a <? fst b) && increasing_fst t
  | _ => true
  end.

Lemma increasing_fst_map l : increasing_fst l = true -> increasingN (map fst l) = true.
Proof.
  induction l as [|a [|b l] IH]; simpl; auto.
  intros H. apply andb_true_iff in H as [H1 H2]. rewrite H1. apply IH, H2.
Qed.

Lemma increasingN_NoDup l : increasingN l = true -> NoDup l.
Proof.
  induction l as [|a l IH]; intros H; constructor.
  - intros Hin. pose proof (increasingN_head a l H a Hin). lia.
  - apply IH. destruct l as [|b l]; [reflexivity|].
    simpl in H. apply andb_true_iff in H. tauto.
Qed.

Lemma NoDup_app_disjoint {A} (l1 l2 : list A) :
  NoDup l1 -> NoDup l2 -> (forall x, In x l1 -> ~ In x l2) -> NoDup (l1 ++ l2).
Proof.
  induction l1 as [|a l1 IH]; intros H1 H2 Hd; simpl; [exact H2|].
  inversion H1 as [|? ? Ha H1']; subst. constructor.
  - rewrite in_app_iff. intros [H|H]; [exact (Ha H)|]. exact (Hd a (or_introl eq_refl) H).
  - apply IH; auto. intros x Hx. apply Hd. right. exact Hx.
Qed.

(** The pigeonhole step of Rule 3: disjoint lists without repetition,
    inside [0, P), of P elements in all, cover [0, P). *)
Lemma complement_complete (P : N) (block cf : list N) :
  NoDup block -> NoDup cf -> (forall h, In h block -> h < P) ->
  (forall r, In r cf -> r < P /\ ~ In r block) ->
  N.of_nat (length cf) + N.of_nat (length block) = P ->
  forall r, r < P -> ~ In r block -> In r cf.
Proof.
  intros Hb Hc Hbl Hcl Hlen r Hr Hnb.
  destruct (in_dec N.eq_dec r cf) as [|Hnc]; [assumption|exfalso].
  set (L := r :: cf ++ block).
  assert (HL : NoDup L).
  { constructor.
    - rewrite in_app_iff. tauto.
    - apply NoDup_app_disjoint; auto. intros x Hx. apply Hcl, Hx. }
  assert (Hincl : incl (map N.to_nat L) (seq 0 (N.to_nat P))).
  { intros y Hy. apply in_map_iff in Hy as [x [<- Hx]]. apply in_seq.
    assert (x < P).
    { destruct Hx as [<-|Hx]; [exact Hr|]. apply in_app_iff in Hx as [Hx|Hx].
      - apply Hcl, Hx.
      - apply Hbl, Hx. }
    lia. }
  assert (Hle : (length (map N.to_nat L) <= length (seq 0 (N.to_nat P)))%nat).
  { apply NoDup_incl_length; [|exact Hincl].
    apply Injective_map_NoDup; [intros a b E; apply N2Nat.inj, E | exact HL]. }
  rewrite map_length, seq_length in Hle. unfold L in Hle. simpl in Hle.
  rewrite app_length in Hle. lia.
Qed.

Lemma in_nats (l : list N) (x : N) : In (N.to_nat x) (map N.to_nat l) <-> In x l.
Proof.
  rewrite in_map_iff. split.
  - intros [y [E Hy]]. apply N2Nat.inj in E. subst. exact Hy.
  - intros H. exists x. split; [reflexivity | exact H].
Qed.

(** Membership in the trie of a list. *)
Definition inset (t : PositiveSet.t) (x : N) : bool := PositiveSet.mem (key x) t.

Lemma inset_nats (l : list N) (x : N) :
  inset (set_of l) x = true <-> In (N.to_nat x) (map N.to_nat l).
Proof. unfold inset. rewrite set_of_spec, in_nats. reflexivity. Qed.

Lemma mod_nat (a b P : N) : P <> 0 ->
  ((N.to_nat a + N.to_nat b) mod N.to_nat P)%nat = N.to_nat ((a + b) mod P).
Proof. intros HP. rewrite N2Nat.inj_mod, N2Nat.inj_add by exact HP. reflexivity. Qed.

(** ** The checker *)

(** A cover entry (r, s): r below P and not in H, s a move, s <= r, and
    r - s in H. *)
Definition cover_entry_ok (P : N) (inb ins : N -> bool) (w : N * N) : bool :=
  (fst w <? P) && negb (inb (fst w)) && ins (snd w) && (snd w <=? fst w) &&
  inb (fst w - snd w).

Definition check_psetN (S : list N) (P : N) (block : list N)
    (cover : list (N * N)) (period_witnesses : list (N * N)) : bool :=
  let tb := set_of block in
  let ts := set_of S in
  let inb := inset tb in
  let ins := inset ts in
  if movesN_ok S && (0 <? P) &&
  (* Rule 1 (block): strictly increasing, inside [0, P) *)
  increasingN block && forallb (fun h => h <? P) block &&
  (* Rule 2 (collision-free, across the join too) *)
  forallb (fun h => forallb (fun s => negb (inb ((h + s) mod P))) S) block &&
  (* Rule 3 (cover): the residues [0, P) \ H in order, each with a move *)
  increasing_fst cover && (countN cover + countN block =? P) &&
  forallb (cover_entry_ok P inb ins) cover
  (* Rule 4 (least period), last and behind an [if]: the virtual machine
     evaluates both arguments of [&&], and a witness prime near a large P
     costs O(sqrt P) divisions *)
  then minimalityN_ok P period_witnesses
    (fun x d => (x <? P) && xorb (inb x) (inb ((x + d) mod P)))
  else false.

Theorem check_psetN_sound S P block cover pw :
  check_psetN S P block cover pw = true ->
  pset_claim (map N.to_nat S) (N.to_nat P) (map N.to_nat block).
Proof.
  unfold check_psetN. cbv zeta. intros H0.
  match type of H0 with (if ?c then _ else _) = true =>
    destruct c eqn:H; [|discriminate H0] end.
  repeat match type of H with
  | (_ && _) = true => apply andb_true_iff in H as [H ?]
  end.
  rename H into Hmoves.
  match goal with
  | Hp : (0 <? P) = true, Hinc : increasingN block = true,
    Hlt : forallb (fun h => h <? P) _ = true,
    Hcol : forallb (fun h => forallb _ S) _ = true,
    Hcf : increasing_fst cover = true, Hcnt : (_ + _ =? P) = true,
    Hcov : forallb (cover_entry_ok _ _ _) cover = true,
    Hm : minimalityN_ok _ _ _ = true |- _ =>
      rename Hp into HP0, Hinc into Hincr, Hlt into Hbelow, Hcol into Hcoll,
      Hcf into Hcfst, Hcnt into Hcount, Hcov into Hcover, Hm into Hmin
  end.
  apply N.ltb_lt in HP0. assert (HPn : P <> 0) by lia.
  rewrite forallb_forall in Hbelow, Hcoll, Hcover.
  apply pset_claim_of_rules.
  - apply nats_positive, movesN_ok_positive, Hmoves.
  - lia.
  - intros h Hh. apply in_map_iff in Hh as [h' [<- Hh]].
    specialize (Hbelow h' Hh). apply N.ltb_lt in Hbelow. lia.
  - intros h s Hh Hs Hin.
    apply in_map_iff in Hh as [h' [<- Hh]]. apply in_map_iff in Hs as [s' [<- Hs]].
    specialize (Hcoll h' Hh). rewrite forallb_forall in Hcoll. specialize (Hcoll s' Hs).
    rewrite mod_nat in Hin by exact HPn. apply inset_nats in Hin.
    rewrite Hin in Hcoll. discriminate.
  - intros r Hr Hnb.
    assert (Hr' : N.of_nat r < P) by lia.
    assert (Hnb' : ~ In (N.of_nat r) block)
      by (intros Hin; apply Hnb; rewrite <- (Nat2N.id r); apply in_nats, Hin).
    assert (Hin : In (N.of_nat r) (map fst cover)).
    { apply (complement_complete P block); auto.
      - apply increasingN_NoDup, Hincr.
      - apply increasingN_NoDup, increasing_fst_map, Hcfst.
      - intros h Hh. apply N.ltb_lt, Hbelow, Hh.
      - intros x Hx. apply in_map_iff in Hx as [[x' s] [E Hw]]. simpl in E. subst x'.
        specialize (Hcover _ Hw). unfold cover_entry_ok in Hcover. simpl in Hcover.
        repeat (apply andb_true_iff in Hcover as [Hcover ?]).
        apply N.ltb_lt in Hcover. split; [exact Hcover|].
        intros Hx. apply set_of_spec in Hx. unfold inset in *.
        match goal with Hn : negb _ = true |- _ => rewrite Hx in Hn; discriminate end.
      - apply N.eqb_eq in Hcount. rewrite !countN_length, map_length in *. exact Hcount. }
    apply in_map_iff in Hin as [[x s] [E Hw]]. simpl in E. subst x.
    specialize (Hcover _ Hw). unfold cover_entry_ok in Hcover. simpl in Hcover.
    apply andb_true_iff in Hcover as [Hcover Hrs].
    apply andb_true_iff in Hcover as [Hcover Hle].
    apply andb_true_iff in Hcover as [_ Hs].
    apply N.leb_le in Hle.
    exists (N.to_nat s). split; [apply inset_nats, Hs|]. split; [lia|].
    apply inset_nats in Hrs. rewrite N2Nat.inj_sub, Nat2N.id in Hrs. exact Hrs.
  - intros q Hq Hd.
    destruct (minimalityN_ok_spec _ _ _ Hmin q Hq Hd) as [x [_ Hx]].
    apply andb_true_iff in Hx as [HxP Hx]. apply N.ltb_lt in HxP.
    exists (N.to_nat x). split; [lia|].
    assert (Hdiv : (N.to_nat P / q)%nat = N.to_nat (P / N.of_nat q)).
    { rewrite N2Nat.inj_div, Nat2N.id. reflexivity. }
    rewrite Hdiv, mod_nat by exact HPn. rewrite <- !inset_nats.
    destruct (inset (set_of block) x), (inset (set_of block) ((x + P / N.of_nat q) mod P));
      simpl in Hx; try discriminate; intuition discriminate.
Qed.
