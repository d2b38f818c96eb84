import { loadFamilyPlays } from '@lottery/rules/family-plays';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageLoading } from '../../../shared/ui/page-loading';
import { useRebate } from '../api/get-rebate';
import { LevelPicker } from '../components/level-picker';
import { LoadError } from '../components/load-error';
import { useAgentId } from '../model/agent-user';
import { rebateLabel } from '../model/format';
import { familyOfPlayCode, groupByPlay, lotteryTypeOf } from '../model/rebate-type';
import '../components/agent.css';

/** Play names of a family, from the same per-family chunk the play screen loads. */
function usePlayNames(playCode: string | undefined) {
  const family = playCode ? familyOfPlayCode(playCode) : undefined;
  return useQuery({
    queryKey: ['rules', 'playNames', family],
    enabled: family !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const plays = await loadFamilyPlays(family!);
      return new Map(
        plays.map((p) => [
          `${p.family}${p.code}`,
          p.group && p.group !== p.name ? `${p.group} · ${p.name}` : p.name,
        ]),
      );
    },
  });
}

/** The most decimals any of the values has: the whole table is written with that one precision. */
export function decimalsOf(values: readonly string[]): number {
  return values.reduce((most, v) => Math.max(most, v.split('.')[1]?.length ?? 0), 0);
}

/** The value with `places` decimals, zeros added (never rounded: `places` is the table's most). */
export function padDecimals(value: string, places: number): string {
  if (places === 0) return value;
  const [whole, fraction = ''] = value.split('.');
  return `${whole}.${fraction.padEnd(places, '0')}`;
}

/**
 * /rebateDes/{lotteryType}: the odds of every play tier of one lottery type at a chosen level
 * (default the agent's own), computed by the server from packages/rules' prize-group model. The
 * level picker offers the own rebate down to 0; numbers per 2-yuan note or, for credit plays, per
 * 1 yuan.
 */
export default function RebateTablePage() {
  const agentId = useAgentId();
  const navigate = useNavigate();
  const { lotteryType: param } = useParams();
  const lotteryType = lotteryTypeOf(param);
  const [level, setLevel] = useState<string>();
  const rebate = useRebate(agentId, lotteryType, level);
  const table = rebate.data?.table;
  const names = usePlayNames(table?.odds[0]?.playCode);

  if (lotteryType === undefined) {
    return (
      <div className="agent-page">
        <EmptyState text="彩种类型不正确" />
        <div className="agent-center-button">
          <Button color="primary" shape="rounded" onClick={() => navigate('/rebateDes', { replace: true })}>
            选择彩种
          </Button>
        </div>
      </div>
    );
  }
  if (rebate.isPending) return <PageLoading />;
  if (rebate.isError) return <LoadError error={rebate.error} onRetry={() => void rebate.refetch()} />;
  const info = rebate.data;
  const type = info.types.find((t) => t.lotteryType === lotteryType);
  const groups = table ? groupByPlay(table.odds) : [];
  const places = table ? decimalsOf(table.odds.map((o) => o.bonus)) : 0;

  return (
    <div className="agent-page">
      <section className="agent-table-head card">
        <div className="agent-table-title">
          <strong data-testid="rebate-type-name">{type?.name ?? '--'}</strong>
          <button type="button" className="text-link" onClick={() => navigate('/rebateDes')}>
            切换彩种
          </button>
        </div>
        <div className="agent-form-row">
          <span className="agent-form-label">返点等级</span>
          <LevelPicker
            levels={info.levels}
            value={level ?? info.levels[0]?.rebate ?? info.rebate}
            onChange={setLevel}
            title="选择返点等级"
            testId="table-level"
          />
        </div>
        {table ? (
          <p className="agent-form-tip">
            返点 {rebateLabel(table.rebate)} · 奖金组 {table.group}
          </p>
        ) : null}
      </section>
      {!table || groups.length === 0 ? (
        <EmptyState text={type?.hasOdds === false ? '棋牌游戏暂无赔率' : '暂无赔率数据'} />
      ) : (
        <section className="card agent-odds" data-testid="odds-table">
          <div className="agent-odds-row agent-odds-head">
            <span>玩法</span>
            <span>奖级</span>
            <span>奖金</span>
          </div>
          {groups.map((g) => (
            <div key={g.playCode} className="agent-odds-group">
              {g.rows.map((row, i) => (
                <div key={row.tier} className="agent-odds-row" data-testid="odds-row">
                  <span className="agent-odds-play">
                    {i === 0 ? (names.data?.get(g.playCode) ?? g.playCode) : ''}
                  </span>
                  <span>{row.tierName}</span>
                  <span className="agent-odds-bonus">
                    {padDecimals(row.bonus, places)}
                    <small>{row.credit ? '/1元' : '/2元'}</small>
                  </span>
                </div>
              ))}
            </div>
          ))}
        </section>
      )}
    </div>
  );
}
