// Names of national teams and of the best-known clubs in the portal's languages, keyed by the source's
// English name. Only names in settled use; anything missing falls back to the source name.
import type { LocalizedNames } from '@/lib/scores/schema';

type Row = [zhCN: string, zhTW: string | null, vi: string | null];

const NATIONAL_TEAMS: Record<string, Row> = {
  Algeria: ['阿尔及利亚', '阿爾及利亞', 'Algeria'],
  Argentina: ['阿根廷', '阿根廷', 'Argentina'],
  Australia: ['澳大利亚', '澳洲', 'Úc'],
  Austria: ['奥地利', '奧地利', 'Áo'],
  Belgium: ['比利时', '比利時', 'Bỉ'],
  'Bosnia & Herzegovina': ['波黑', '波赫', 'Bosnia và Herzegovina'],
  Brazil: ['巴西', '巴西', 'Brazil'],
  Cameroon: ['喀麦隆', '喀麥隆', 'Cameroon'],
  Canada: ['加拿大', '加拿大', 'Canada'],
  'Cape Verde': ['佛得角', '維德角', 'Cabo Verde'],
  Colombia: ['哥伦比亚', '哥倫比亞', 'Colombia'],
  'Costa Rica': ['哥斯达黎加', '哥斯大黎加', 'Costa Rica'],
  Croatia: ['克罗地亚', '克羅埃西亞', 'Croatia'],
  Curaçao: ['库拉索', '古拉索', 'Curaçao'],
  'Czech Republic': ['捷克', '捷克', 'Cộng hòa Séc'],
  Denmark: ['丹麦', '丹麥', 'Đan Mạch'],
  'DR Congo': ['刚果（金）', '剛果民主共和國', 'CHDC Congo'],
  Ecuador: ['厄瓜多尔', '厄瓜多', 'Ecuador'],
  Egypt: ['埃及', '埃及', 'Ai Cập'],
  England: ['英格兰', '英格蘭', 'Anh'],
  France: ['法国', '法國', 'Pháp'],
  Germany: ['德国', '德國', 'Đức'],
  Ghana: ['加纳', '迦納', 'Ghana'],
  Haiti: ['海地', '海地', 'Haiti'],
  Iran: ['伊朗', '伊朗', 'Iran'],
  Iraq: ['伊拉克', '伊拉克', 'Iraq'],
  'Ivory Coast': ['科特迪瓦', '象牙海岸', 'Bờ Biển Ngà'],
  Japan: ['日本', '日本', 'Nhật Bản'],
  Jordan: ['约旦', '約旦', 'Jordan'],
  Mexico: ['墨西哥', '墨西哥', 'Mexico'],
  Morocco: ['摩洛哥', '摩洛哥', 'Maroc'],
  Netherlands: ['荷兰', '荷蘭', 'Hà Lan'],
  'New Zealand': ['新西兰', '紐西蘭', 'New Zealand'],
  Norway: ['挪威', '挪威', 'Na Uy'],
  Panama: ['巴拿马', '巴拿馬', 'Panama'],
  Paraguay: ['巴拉圭', '巴拉圭', 'Paraguay'],
  Poland: ['波兰', '波蘭', 'Ba Lan'],
  Portugal: ['葡萄牙', '葡萄牙', 'Bồ Đào Nha'],
  Qatar: ['卡塔尔', '卡達', 'Qatar'],
  'Saudi Arabia': ['沙特阿拉伯', '沙烏地阿拉伯', 'Ả Rập Xê Út'],
  Scotland: ['苏格兰', '蘇格蘭', 'Scotland'],
  Senegal: ['塞内加尔', '塞內加爾', 'Senegal'],
  Serbia: ['塞尔维亚', '塞爾維亞', 'Serbia'],
  'South Africa': ['南非', '南非', 'Nam Phi'],
  'South Korea': ['韩国', '南韓', 'Hàn Quốc'],
  Spain: ['西班牙', '西班牙', 'Tây Ban Nha'],
  Sweden: ['瑞典', '瑞典', 'Thụy Điển'],
  Switzerland: ['瑞士', '瑞士', 'Thụy Sĩ'],
  Tunisia: ['突尼斯', '突尼西亞', 'Tunisia'],
  Turkey: ['土耳其', '土耳其', 'Thổ Nhĩ Kỳ'],
  USA: ['美国', '美國', 'Mỹ'],
  Uruguay: ['乌拉圭', '烏拉圭', 'Uruguay'],
  Uzbekistan: ['乌兹别克斯坦', '烏茲別克', 'Uzbekistan'],
  Wales: ['威尔士', '威爾斯', 'xứ Wales'],
};

const CLUBS: Record<string, Row> = {
  'Arsenal FC': ['阿森纳', '阿森納', null],
  'Chelsea FC': ['切尔西', '切爾西', null],
  'Liverpool FC': ['利物浦', '利物浦', null],
  'Manchester City FC': ['曼城', '曼城', 'Man City'],
  'Manchester United FC': ['曼联', '曼聯', 'MU'],
  'Tottenham Hotspur FC': ['热刺', '熱刺', 'Tottenham'],
  'Newcastle United FC': ['纽卡斯尔联', null, 'Newcastle'],
  'Aston Villa FC': ['阿斯顿维拉', '阿斯頓維拉', 'Aston Villa'],
  'West Ham United FC': ['西汉姆联', '西漢姆聯', 'West Ham'],
  'FC Bayern München': ['拜仁慕尼黑', '拜仁慕尼黑', 'Bayern Munich'],
  'Borussia Dortmund': ['多特蒙德', '多特蒙德', 'Dortmund'],
  'Bayer 04 Leverkusen': ['勒沃库森', '勒沃庫森', 'Leverkusen'],
  'RB Leipzig': ['RB莱比锡', 'RB萊比錫', 'RB Leipzig'],
  'Real Madrid CF': ['皇家马德里', '皇家馬德里', 'Real Madrid'],
  'FC Barcelona': ['巴塞罗那', '巴塞隆納', 'Barcelona'],
  'Club Atlético de Madrid': ['马德里竞技', '馬德里競技', 'Atlético Madrid'],
  'Juventus FC': ['尤文图斯', '尤文圖斯', 'Juventus'],
  'FC Internazionale Milano': ['国际米兰', '國際米蘭', 'Inter Milan'],
  'AC Milan': ['AC米兰', 'AC米蘭', 'AC Milan'],
  'SSC Napoli': ['那不勒斯', null, 'Napoli'],
  'AS Roma': ['罗马', '羅馬', 'AS Roma'],
  'Paris Saint-Germain FC': ['巴黎圣日耳曼', '巴黎聖日耳曼', 'PSG'],
  'Olympique de Marseille': ['马赛', '馬賽', 'Marseille'],
  'Olympique Lyonnais': ['里昂', '里昂', 'Lyon'],
  'AS Monaco FC': ['摩纳哥', '摩納哥', 'Monaco'],
  'Beijing Guoan': ['北京国安', '北京國安', null],
  'Changchun Yatai': ['长春亚泰', '長春亞泰', null],
  'Chengdu Rongcheng': ['成都蓉城', '成都蓉城', null],
  'Dalian Yingbo': ['大连英博', '大連英博', null],
  'Henan FC': ['河南', '河南', null],
  'Meizhou Hakka': ['梅州客家', '梅州客家', null],
  'Qingdao Hainiu': ['青岛海牛', '青島海牛', null],
  'Qingdao West Coast': ['青岛西海岸', '青島西海岸', null],
  'Shandong Taishan': ['山东泰山', '山東泰山', null],
  'Shanghai Port FC': ['上海海港', '上海海港', null],
  'Shanghai Shenhua': ['上海申花', '上海申花', null],
  'Shenzhen Peng City': ['深圳新鹏城', '深圳新鵬城', null],
  'Tianjin Jinmen Tiger': ['天津津门虎', '天津津門虎', null],
  'Wuhan Three Towns': ['武汉三镇', '武漢三鎮', null],
  'Yunnan Yukun': ['云南玉昆', '雲南玉昆', null],
  'Zhejiang Professional': ['浙江', '浙江', null],
};

function toNames(row: Row | undefined): LocalizedNames {
  if (!row) return {};
  const [zhCN, zhTW, vi] = row;
  return { 'zh-CN': zhCN, ...(zhTW ? { 'zh-TW': zhTW } : {}), ...(vi ? { vi } : {}) };
}

export function nationalTeamNames(sourceName: string): LocalizedNames {
  return toNames(NATIONAL_TEAMS[sourceName]);
}

export function clubNames(sourceName: string): LocalizedNames {
  return toNames(CLUBS[sourceName]);
}
