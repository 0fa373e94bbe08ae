async function openMulti(page){ await page.getByRole('button',{name:/buy\/sell/i}).click(); await page.waitForTimeout(1000); return page.getByRole('dialog'); }
async function addLeg(page,d,{ticker='AAPL',cp='CALL',exp=1,strike,instr,type,qty,price}){
  const sels=d.locator('select');
  await d.locator('input').first().fill(ticker); await page.waitForTimeout(200);
  await d.getByRole('button',{name:cp,exact:true}).click(); await page.waitForTimeout(2000);
  await sels.nth(1).selectOption({index:exp}); await page.waitForTimeout(400);
  const opts = await sels.nth(2).evaluate(s=>[...s.options].map(o=>o.value+'='+o.text));
  const o = opts.find(x=>x.split('=')[1].startsWith(strike)) || opts.find(x=>x.startsWith(strike));
  if(!o) console.log('strike opts', opts.join(','));
  await sels.nth(2).selectOption(o.split('=')[0]); await page.waitForTimeout(500);
  if(instr) await sels.nth(3).selectOption(instr);
  if(type) await sels.nth(4).selectOption(type);
  const inputs=d.locator('input');
  if(qty!==undefined) await inputs.nth(1).fill(String(qty));
  if(price!==undefined) await inputs.nth(2).fill(String(price));
  await page.waitForTimeout(200);
  await d.getByRole('button',{name:/add leg/i}).click(); await page.waitForTimeout(500);
}
module.exports={openMulti,addLeg};
